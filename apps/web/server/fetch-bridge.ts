import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CachedPage } from "./page-microcache.ts";

/**
 * Largest form post the site accepts. Fastify's own bodyLimit does not apply because the
 * body is left for React Router to read. A receipt (spec §7 send-receipt) may be 10 MB; the
 * multipart framing and the form's other fields come on top of it.
 */
export const MAX_FORM_BODY_BYTES = 10 * 1024 * 1024 + 256 * 1024;

/**
 * Fastify request → Fetch `Request` for React Router. The body stays a stream, read only if
 * an action asks for it. Returns "too-large" when the declared length is over the limit.
 */
export function toFetchRequest(
  request: FastifyRequest,
  signal: AbortSignal,
): Request | "too-large" {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // HTTP/2 pseudo-headers (`:path`, …) are not valid Fetch header names.
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal };
  if (request.method !== "GET" && request.method !== "HEAD") {
    if (Number(request.headers["content-length"] ?? 0) > MAX_FORM_BODY_BYTES) return "too-large";
    init.body = Readable.toWeb(
      Readable.from(limitBytes(request.raw, MAX_FORM_BODY_BYTES)),
    ) as ReadableStream;
    init.duplex = "half";
  }
  return new Request(requestUrl(request), init);
}

/** Fetch `Response` → Fastify reply, streaming the body as React renders it. */
export function sendFetchResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    // Several Set-Cookie headers must stay separate; Headers iteration would join them.
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body || request.method === "HEAD") return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}

/** A page from the microcache (page-microcache.ts) → Fastify reply. */
export function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.status(page.status);
  const cookies: string[] = [];
  for (const [name, value] of page.headers) {
    if (name === "set-cookie") cookies.push(value);
    else reply.header(name, value);
  }
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(request.method === "HEAD" ? undefined : page.body);
}

function requestUrl(request: FastifyRequest): URL {
  // `request.host` and `request.protocol` honour trustProxy. Concatenate rather than resolve
  // against a base: a path like `//evil.example/x` must stay a path, not become the host.
  try {
    return new URL(`${request.protocol}://${request.host}${request.url}`);
  } catch {
    // A garbage Host header must not turn into a 500.
    return new URL(`http://localhost${request.url}`);
  }
}

async function* limitBytes(source: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > max) throw new Error(`request body over ${max} bytes`);
    yield chunk;
  }
}
