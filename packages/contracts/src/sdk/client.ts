import { type SignatureAlgorithm, sealEnvelope, TIMESTAMP_HEADER } from "../envelope.ts";
import type { ApiErrorBody } from "../errors.ts";
import type { Locale } from "../locales.ts";
import type { Transport, TransportRequest } from "./transport.ts";

/** Statuses after which an idempotent call is retried (spec §7). */
export const RETRYABLE_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_ATTEMPTS = 3;
/** 409s that describe the business state, not a transient clash: repeating cannot help. */
const FINAL_CONFLICTS = new Set([
  "RATE_CHANGED",
  "INSUFFICIENT_RESERVE",
  "PAIR_INACTIVE",
  "CONFLICT",
]);

/** Who the call is made for: the end user's IP, language and session, if any. */
export interface CallerContext {
  ip: string;
  lang: Locale;
  userAuthToken?: string;
}

export interface ClientCredentials {
  publicKey: string;
  secret: string;
  algorithm?: SignatureAlgorithm;
}

/** A failed call: the HTTP status and the API's error body (or a synthetic one). */
export class ApiCallError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  constructor(status: number, body: ApiErrorBody) {
    super(`${status} ${body.error.code}: ${body.error.message}`);
    this.name = "ApiCallError";
    this.status = status;
    this.body = body;
  }
}

export interface CallOptions {
  /** Safe to repeat: retried with backoff on the statuses above. Creates pass false. */
  idempotent: boolean;
  method?: "GET" | "POST";
}

/**
 * Signs and sends one call. Every attempt is sealed anew (fresh timestamp), so a retry is
 * never refused as a replay of the previous attempt.
 */
/** The envelope of one attempt, sealed with this client's keys for this caller. */
export function sealFor(
  credentials: ClientCredentials,
  caller: CallerContext,
  payload: Record<string, unknown>,
) {
  return sealEnvelope({
    payload,
    publicKey: credentials.publicKey,
    secret: credentials.secret,
    algorithm: credentials.algorithm,
    ip: caller.ip,
    lang: caller.lang,
    userAuthToken: caller.userAuthToken,
  });
}

export function callSigned<T>(options: {
  transport: Transport;
  credentials: ClientCredentials;
  caller: CallerContext;
  path: string;
  payload: Record<string, unknown>;
  call: CallOptions;
}): Promise<T> {
  const { transport, credentials, caller, path, payload, call } = options;
  const method = call.method ?? "POST";
  return sendWithRetries<T>({
    transport,
    idempotent: call.idempotent,
    buildRequest: () => {
      const { envelope, timestamp } = sealFor(credentials, caller, payload);
      const headers: Record<string, string> = { [TIMESTAMP_HEADER]: String(timestamp) };
      if (method === "GET") {
        const query = new URLSearchParams({ data: envelope.data, signed: envelope.signed });
        return { method, url: `${path}?${query}`, headers };
      }
      headers["content-type"] = "application/json";
      return { method, url: path, headers, body: JSON.stringify(envelope) };
    },
  });
}

/**
 * Sends a request built afresh for each attempt and unwraps `{"data": …}`. An idempotent call
 * is retried on the statuses of spec §7 (and on a network failure) with backoff, at most
 * three attempts; anything else surfaces as an ApiCallError carrying the API's error body.
 */
export async function sendWithRetries<T>(options: {
  transport: Transport;
  idempotent: boolean;
  buildRequest: () => TransportRequest;
}): Promise<T> {
  const { transport, idempotent } = options;
  for (let attempt = 1; ; attempt++) {
    let status: number;
    let text: string;
    try {
      ({ status, body: text } = await transport(options.buildRequest()));
    } catch (error) {
      if (idempotent && attempt < MAX_ATTEMPTS) {
        await backoff(attempt);
        continue;
      }
      throw new ApiCallError(503, {
        error: { code: "UNAVAILABLE", message: (error as Error).message },
      });
    }
    if (status >= 200 && status < 300) return (JSON.parse(text) as { data: T }).data;
    const errorBody = parseErrorBody(status, text);
    const retryable = RETRYABLE_STATUSES.has(status) && !FINAL_CONFLICTS.has(errorBody.error.code);
    if (idempotent && retryable && attempt < MAX_ATTEMPTS) {
      await backoff(attempt);
      continue;
    }
    throw new ApiCallError(status, errorBody);
  }
}

function parseErrorBody(status: number, text: string): ApiErrorBody {
  try {
    const parsed = JSON.parse(text) as ApiErrorBody;
    if (parsed?.error?.code) return parsed;
  } catch {
    // fall through: a proxy or crash answered with something that is not our error shape
  }
  return {
    error: { code: status >= 500 ? "INTERNAL" : "BAD_ENVELOPE", message: text.slice(0, 200) },
  };
}

function backoff(attempt: number): Promise<void> {
  const delay = 100 * 2 ** (attempt - 1) + Math.random() * 50;
  return new Promise((resolve) => setTimeout(resolve, delay));
}
