import { type SignatureAlgorithm, sealEnvelope, TIMESTAMP_HEADER } from "../envelope.ts";
import type { ApiErrorBody } from "../errors.ts";
import type { Locale } from "../locales.ts";
import type { Transport } from "./transport.ts";

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
export async function callSigned<T>(options: {
  transport: Transport;
  credentials: ClientCredentials;
  caller: CallerContext;
  path: string;
  payload: Record<string, unknown>;
  call: CallOptions;
}): Promise<T> {
  const { transport, credentials, caller, path, payload, call } = options;
  const method = call.method ?? "POST";
  for (let attempt = 1; ; attempt++) {
    const { envelope, timestamp } = sealEnvelope({
      payload,
      publicKey: credentials.publicKey,
      secret: credentials.secret,
      algorithm: credentials.algorithm,
      ip: caller.ip,
      lang: caller.lang,
      userAuthToken: caller.userAuthToken,
    });
    const headers: Record<string, string> = { [TIMESTAMP_HEADER]: String(timestamp) };
    let url = path;
    let body: string | undefined;
    if (method === "GET") {
      url += `?${new URLSearchParams({ data: envelope.data, signed: envelope.signed })}`;
    } else {
      headers["content-type"] = "application/json";
      body = JSON.stringify(envelope);
    }
    let status: number;
    let text: string;
    try {
      ({ status, body: text } = await transport({ method, url, headers, body }));
    } catch (error) {
      if (call.idempotent && attempt < MAX_ATTEMPTS) {
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
    if (call.idempotent && retryable && attempt < MAX_ATTEMPTS) {
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
