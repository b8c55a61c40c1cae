import { pipeline, type Readable } from "node:stream";
import { promisify } from "node:util";
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type ZlibOptions,
} from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Response compression for the web tier (docs/decisions/011-compression-and-static-assets.md).
 * Pages are compressed per response with a quality cheap enough to run on every render;
 * hashed assets are compressed once at build time (scripts/precompress-client-build.ts).
 */
export type ContentEncoding = "br" | "gzip";

/** Under this size compression saves less than the bytes its framing and CPU time cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// Brotli 5 shrinks a 70 KB page to about 12 KB in 3–4 ms here; 11 takes over 100 ms.
const BROTLI_DYNAMIC = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_DYNAMIC: ZlibOptions = { level: 6 };

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Text types worth compressing; images, fonts and archives are already compressed. */
const COMPRESSIBLE_TYPE =
  /^(text\/(?!event-stream)|application\/(javascript|json|xml|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;

export function isCompressibleType(contentType: string | undefined): boolean {
  return contentType !== undefined && COMPRESSIBLE_TYPE.test(contentType.trimStart());
}

/**
 * The encoding to answer with, from `Accept-Encoding` (RFC 9110 §12.5.3): the available one
 * with the highest q-value, Brotli on a tie; null when the client accepts none of them (no
 * header at all means identity: curl, autocannon and health checks get the plain body).
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[] = ["br", "gzip"],
): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [rawName = "", ...params] = part.toLowerCase().split(";");
    const name = rawName.trim();
    if (name === "") continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) =>
    weights.get(encoding) ??
    (encoding === "gzip" ? weights.get("x-gzip") : undefined) ??
    weights.get("*") ??
    0;
  let best: ContentEncoding | null = null;
  for (const encoding of available) {
    const weight = weightOf(encoding);
    if (weight > 0 && (best === null || weight > weightOf(best))) best = encoding;
  }
  return best;
}

/** Adds `Accept-Encoding` to the reply's `Vary`, keeping what is there. */
function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = String(reply.getHeader("vary") ?? "");
  if (current === "") reply.header("vary", "Accept-Encoding");
  else if (!/(^|,)\s*(\*|accept-encoding)\s*(,|$)/i.test(current)) {
    reply.header("vary", `${current}, Accept-Encoding`);
  }
}

/**
 * The encoding for a reply whose headers are set, or null to send the body as it is. Marks the
 * reply `Vary: Accept-Encoding` whenever its type could be compressed, even when this client
 * gets the plain body, so a shared cache never hands Brotli to a client that did not ask.
 * `bodyBytes` is the body's size when known.
 */
export function encodingForReply(
  request: FastifyRequest,
  reply: FastifyReply,
  bodyBytes?: number,
): ContentEncoding | null {
  if (!isCompressibleType(reply.getHeader("content-type")?.toString())) return null;
  if (reply.hasHeader("content-encoding")) return null;
  if (/\bno-transform\b/i.test(String(reply.getHeader("cache-control") ?? ""))) return null;
  varyOnAcceptEncoding(reply);
  if (bodyBytes !== undefined && bodyBytes < COMPRESSION_THRESHOLD_BYTES) return null;
  return negotiateEncoding(request.headers["accept-encoding"]);
}

/** A whole body compressed off the main thread (zlib's thread pool). */
export function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === "br"
    ? compressBrotli(body, BROTLI_DYNAMIC)
    : compressGzip(body, GZIP_DYNAMIC);
}

/**
 * A streamed body compressed as it flows. React writes a page in pieces (the shell, then
 * Suspense boundaries); a compressor holds output back until it has enough, so it is flushed
 * whenever the source pauses (not after every chunk: pieces written together compress
 * together). Destroying the result (the visitor went away) destroys the source too.
 */
export function compressStream(source: Readable, encoding: ContentEncoding): Readable {
  const compressor =
    encoding === "br" ? createBrotliCompress(BROTLI_DYNAMIC) : createGzip(GZIP_DYNAMIC);
  const flushKind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let flushPending = false;
  source.on("data", () => {
    if (flushPending) return;
    flushPending = true;
    setImmediate(() => {
      flushPending = false;
      if (!compressor.destroyed && !compressor.writableEnded) compressor.flush(flushKind);
    });
  });
  // The reply reports errors on the returned stream; nothing more to do with them here.
  pipeline(source, compressor, () => {});
  return compressor;
}
