import { z } from "zod";
import { type SignatureAlgorithm, sealEnvelope, TIMESTAMP_HEADER } from "../envelope.ts";
import type { ApiErrorBody } from "../errors.ts";
import type { Locale } from "../locales.ts";
import type { DataResponseSchema } from "../response.ts";
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

/**
 * A success answer that does not match the call's declared response schema: the API and this
 * SDK disagree about the contract. Reported as a 502 (the upstream answered something
 * unusable), so callers that handle a failed call handle this one too; never retried, since
 * asking again gets the same answer.
 */
export class ApiResponseError extends ApiCallError {
  readonly path: string;
  constructor(path: string, problem: string) {
    super(502, {
      error: {
        code: "INTERNAL",
        message: `the answer of ${path} does not match its response schema: ${problem}`,
      },
    });
    this.name = "ApiResponseError";
    this.path = path;
  }
}

/** What a call whose response schema is `S` resolves to: the parsed `data`. */
export type ResponseData<S extends DataResponseSchema> =
  z.output<S> extends { data: infer D } ? D : never;

export interface CallOptions {
  /** Safe to repeat: retried with backoff on the statuses above. Creates pass false. */
  idempotent: boolean;
  method?: "GET" | "POST";
}

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

/**
 * Signs and sends one call. Every attempt is sealed anew (fresh timestamp), so a retry is
 * never refused as a replay of the previous attempt.
 */
export function callSigned<S extends DataResponseSchema>(options: {
  transport: Transport;
  credentials: ClientCredentials;
  caller: CallerContext;
  path: string;
  payload: Record<string, unknown>;
  call: CallOptions;
  /** The call's response schema, the one the API declares (contracts). */
  response: S;
}): Promise<ResponseData<S>> {
  const { transport, credentials, caller, path, payload, call } = options;
  const method = call.method ?? "POST";
  return sendWithRetries({
    transport,
    idempotent: call.idempotent,
    response: options.response,
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
 * Sends a request built afresh for each attempt, parses the answer with the call's response
 * schema and returns its `data`. An idempotent call is retried on the statuses of spec §7 (and
 * on a network failure) with backoff, at most three attempts; anything else surfaces as an
 * ApiCallError carrying the API's error body, and an answer the schema refuses as an
 * ApiResponseError.
 */
export async function sendWithRetries<S extends DataResponseSchema>(options: {
  transport: Transport;
  idempotent: boolean;
  buildRequest: () => TransportRequest;
  response: S;
}): Promise<ResponseData<S>> {
  const { transport, idempotent } = options;
  for (let attempt = 1; ; attempt++) {
    let status: number;
    let text: string;
    const request = options.buildRequest();
    try {
      ({ status, body: text } = await transport(request));
    } catch (error) {
      if (idempotent && attempt < MAX_ATTEMPTS) {
        await backoff(attempt);
        continue;
      }
      throw new ApiCallError(503, {
        error: { code: "UNAVAILABLE", message: (error as Error).message },
      });
    }
    if (status >= 200 && status < 300) {
      return parseAnswer(options.response, text, request.url.split("?")[0] ?? request.url);
    }
    const errorBody = parseErrorBody(status, text);
    const retryable = RETRYABLE_STATUSES.has(status) && !FINAL_CONFLICTS.has(errorBody.error.code);
    if (idempotent && retryable && attempt < MAX_ATTEMPTS) {
      await backoff(attempt);
      continue;
    }
    throw new ApiCallError(status, errorBody);
  }
}

function parseAnswer<S extends DataResponseSchema>(
  schema: S,
  text: string,
  path: string,
): ResponseData<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiResponseError(path, "the body is not JSON");
  }
  const result = schema.safeParse(json);
  if (!result.success) throw new ApiResponseError(path, z.prettifyError(result.error));
  return (result.data as { data: ResponseData<S> }).data;
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
