import type { FastifyRequest } from "fastify";
import { REDACTED, redactUrl } from "./redact-url.ts";

/**
 * What Fastify and our own lines write for a request: never its headers (cookies, the
 * console's session, `X-Api-Key`) nor its body (passwords, card numbers, the signed
 * envelope), and its URL only as `redactUrl` leaves it (decision 031).
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    route: request.routeOptions?.url,
    ip: request.ip,
  };
}

export function serializeReply(reply: { statusCode: number }) {
  return { status: reply.statusCode };
}

/**
 * An error as it may be logged. Drizzle's query errors carry the statement's parameters in
 * their message (`Failed query: … params: …`), which for an order or a login are card
 * numbers, e-mail addresses and password hashes; PostgreSQL's `detail` can quote a row.
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: scrub(String(error)), stack: "" };
  const serialized: SerializedError = {
    type: error.name,
    message: scrub(error.message),
    stack: scrub(error.stack ?? ""),
  };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (typeof code === "string" || typeof code === "number") serialized.code = code;
  if (typeof statusCode === "number") serialized.statusCode = statusCode;
  if (error.cause !== undefined && error.cause !== error)
    serialized.cause = serializeError(error.cause);
  return serialized;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Everything from `params:` to the end of its line goes, in a message and in a stack. */
function scrub(text: string): string {
  return text.replace(/(\bparams:)[^\n]*/g, `$1 ${REDACTED}`);
}

/**
 * A safety net under the serializers: should someone log `{ password }` or a request's headers
 * directly, pino writes `[redacted]` instead (pino's `redact` paths, one level of wildcard).
 */
export const REDACTED_LOG_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...[
    "password",
    "new_password",
    "old_password",
    "token",
    "user_auth_token",
    "secret",
    "signed",
    "data",
    "card_number",
    "fields",
    "totp",
  ].flatMap((key) => [key, `*.${key}`]),
];
