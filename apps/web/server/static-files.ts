import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { etagListMatches } from "@obmen/contracts/conditional-get";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type ContentEncoding, negotiateEncoding } from "./content-encoding.ts";

/**
 * The built client files (`build/client`), served from memory
 * (docs/decisions/011-compression-and-static-assets.md). Reading a file per request left the
 * C allocator holding tens of MB after a rush (docs/performance.md, rss_mb); the whole build
 * is under 1 MB. Each file is loaded at start with the `.br` and `.gz` twins the build wrote
 * next to it, and answered with the smallest one the browser accepts.
 */
export interface StaticFile {
  filePath: string;
  /** Hashed Vite output under `assets/`: its content never changes under its name. */
  hashed: boolean;
  contentType: string;
  cacheControl: string;
  current: FileVersion;
}

interface FileVersion {
  mtimeMs: number;
  size: number;
  identity: Representation;
  encoded: Partial<Record<ContentEncoding, Representation>>;
}

interface Representation {
  body: Buffer;
  etag: string;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
// Files copied from public/ (currency icons, favicon) keep their names across releases, so
// they cannot be immutable. 30 days is what Lighthouse counts as a long lifetime; after it the
// browser revalidates with the ETag and gets a 304 unless the file changed.
const PUBLIC_FILE = "public, max-age=2592000";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
};

const ENCODED_SUFFIXES: Record<ContentEncoding, string> = { br: ".br", gzip: ".gz" };
// Names a route can carry as they are (no `:` or `*`, which the router reads as patterns).
const ROUTABLE_NAME = /^[\w.~/-]+$/;

/** Every file under `clientDir` by URL path, except dotfiles and the `.br`/`.gz` twins. */
export async function loadStaticFiles(clientDir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const filePath = join(entry.parentPath, entry.name);
    const name = relative(clientDir, filePath).split(sep).join("/");
    if (name.split("/").some((part) => part.startsWith("."))) continue;
    if (isEncodedTwin(filePath)) continue;
    const hashed = name.startsWith("assets/");
    files.set(`/${name}`, {
      filePath,
      hashed,
      contentType: CONTENT_TYPES[extname(name).toLowerCase()] ?? "application/octet-stream",
      cacheControl: hashed ? IMMUTABLE : PUBLIC_FILE,
      current: await readVersion(filePath, { withTwins: true }),
    });
  }
  return files;
}

/**
 * One GET/HEAD route per file. Other paths are left to the routes registered after these
 * (the page catch-all, which answers an unknown `/assets/` path with a 404).
 */
export function registerStaticFiles(app: FastifyInstance, files: Map<string, StaticFile>): void {
  for (const [urlPath, file] of files) {
    if (!ROUTABLE_NAME.test(urlPath)) {
      app.log.warn({ urlPath }, "static file not served: its name cannot be a route");
      continue;
    }
    app.route({
      method: ["GET", "HEAD"],
      url: urlPath,
      handler: async (request, reply) => {
        if (!file.hashed && !(await refresh(file))) return reply.callNotFound();
        return sendStaticFile(request, reply, file);
      },
    });
  }
}

function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  const { identity, encoded } = file.current;
  const available = Object.keys(encoded) as ContentEncoding[];
  const encoding = negotiateEncoding(request.headers["accept-encoding"], available);
  const chosen = encoding === null ? identity : encoded[encoding]!;
  reply.header("content-type", file.contentType);
  reply.header("cache-control", file.cacheControl);
  reply.header("etag", chosen.etag);
  if (available.length > 0) reply.header("vary", "Accept-Encoding");
  if (encoding !== null) reply.header("content-encoding", encoding);
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch && etagListMatches(ifNoneMatch, chosen.etag)) return reply.code(304).send();
  // For HEAD, Node sends the headers (Content-Length included) and drops the body.
  return reply.send(chosen.body);
}

/**
 * Files outside `assets/` may change under their name while the server runs (a redeployed
 * icon, a file written by a tool): re-read one when its size or time changed. False when it
 * is gone. The build's `.br`/`.gz` twins describe the old content, so a changed file is
 * served as it is.
 */
async function refresh(file: StaticFile): Promise<boolean> {
  const now = await stat(file.filePath).catch(() => null);
  if (now === null || !now.isFile()) return false;
  if (now.mtimeMs !== file.current.mtimeMs || now.size !== file.current.size) {
    file.current = await readVersion(file.filePath, { withTwins: false });
  }
  return true;
}

async function readVersion(
  filePath: string,
  { withTwins }: { withTwins: boolean },
): Promise<FileVersion> {
  const [info, body] = await Promise.all([stat(filePath), readFile(filePath)]);
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 22);
  const encoded: FileVersion["encoded"] = {};
  if (withTwins) {
    for (const [encoding, suffix] of Object.entries(ENCODED_SUFFIXES)) {
      const twin = await readFile(filePath + suffix).catch(() => null);
      if (twin !== null) {
        encoded[encoding as ContentEncoding] = { body: twin, etag: `"${hash}-${encoding}"` };
      }
    }
  }
  return {
    mtimeMs: info.mtimeMs,
    size: info.size,
    identity: { body, etag: `"${hash}"` },
    encoded,
  };
}

function isEncodedTwin(filePath: string): boolean {
  return Object.values(ENCODED_SUFFIXES).some(
    (suffix) => filePath.endsWith(suffix) && existsSync(filePath.slice(0, -suffix.length)),
  );
}
