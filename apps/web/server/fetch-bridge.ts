import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  COMPRESSION_THRESHOLD_BYTES,
  compressStream,
  encodingForReply,
} from "./content-encoding.ts";
import type { CachedPage, PageMicrocache } from "./page-microcache.ts";

/**
 * Largest form post the site accepts. Fastify's own bodyLimit does not apply because the
 * body is left for React Router to read. A receipt (spec §7 send-receipt) may be 10 MB; the
 * multipart framing and the form's other fields come on top of it.
 */
const MAX_FORM_BODY_BYTES = 10 * 1024 * 1024 + 256 * 1024;

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
  // React Router's own origin check throws on an `Origin` that is no URL (a 400 with a logged
  // stack trace) before the site's CSRF check can answer its 403 page; to that check such an
  // origin is as foreign as an opaque one.
  const origin = headers.get("origin");
  if (origin !== null && origin !== "null" && !URL.canParse(origin)) headers.set("origin", "null");
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

/**
 * Fetch `Response` → Fastify reply, streaming the body as React renders it, compressed when
 * the visitor accepts it (content-encoding.ts).
 */
export async function sendFetchResponse(
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
  const declaredBytes = response.headers.has("content-length")
    ? Number(response.headers.get("content-length"))
    : undefined;
  const encoding = encodingForReply(request, reply, declaredBytes);
  if (!response.body || request.method === "HEAD") return reply.send();
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  if (encoding === null) return reply.send(body);
  // A streamed body of unknown size: read enough of it to know it is worth compressing.
  const start =
    declaredBytes === undefined ? await readAtLeast(body, COMPRESSION_THRESHOLD_BYTES) : body;
  if (Buffer.isBuffer(start)) return reply.send(start);
  reply.removeHeader("content-length");
  reply.header("content-encoding", encoding);
  return reply.send(compressStream(start, encoding));
}

/**
 * A page every anonymous visitor shares (page-microcache.ts): rendered at most once per TTL
 * for all who ask, then sent like any other answer.
 */
export async function sendSharedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  shared: { cache: PageMicrocache; key: string; render: (request: Request) => Promise<Response> },
) {
  // A shared render must not stop when the first visitor waiting for it goes away.
  const fetchRequest = toFetchRequest(request, new AbortController().signal);
  if (fetchRequest === "too-large") return reply.code(413).send();
  // Always rendered as a GET: a HEAD render has no body, and the GETs served from the cache
  // after it must not get that empty page.
  const asGet = new Request(fetchRequest, { method: "GET" });
  const page = await shared.cache.get(shared.key, () => shared.render(asGet));
  return sendCachedPage(request, reply, page);
}

/** A rendered page (from the microcache) → Fastify reply. */
async function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply.status(page.status);
  const cookies: string[] = [];
  for (const [name, value] of page.headers) {
    if (name === "set-cookie") cookies.push(value);
    else reply.header(name, value);
  }
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  // HEAD gets exactly GET's headers: Node sends Content-Length and drops the body itself.
  const encoding = encodingForReply(request, reply, page.body.length);
  if (encoding === null) return reply.send(page.body);
  reply.removeHeader("content-length");
  reply.header("content-encoding", encoding);
  return reply.send(await page.encodedBody(encoding));
}

/**
 * Reads from `body` until `bytes` have arrived: the whole body as one Buffer if it ended
 * sooner, else a stream that replays what was read and then the rest.
 */
export async function readAtLeast(body: Readable, bytes: number): Promise<Buffer | Readable> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const head: Uint8Array[] = [];
  let total = 0;
  while (total < bytes) {
    const next = await iterator.next();
    if (next.done) return Buffer.concat(head);
    head.push(next.value);
    total += next.value.length;
  }
  return Readable.from(replay(head, iterator), { objectMode: false });
}

async function* replay(head: Uint8Array[], rest: AsyncIterator<Uint8Array>) {
  try {
    yield* head;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    // Stopped early (the visitor went away): release the source too.
    await rest.return?.();
  }
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
