import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { negotiateEncoding } from "./content-encoding.ts";
import { loadStaticFiles, registerStaticFiles, type StaticFile } from "./static-files.ts";

/**
 * The operator console (`apps/admin`, docs/decisions/030-operator-console-ui.md): a
 * client-rendered app built on its own, served here from memory like the site's files
 * (precompressed twins, immutable hashed assets). Every other path under /admin is the app's
 * index.html, never cached, so a new release reaches operators on their next navigation.
 * `/admin/api/*` belongs to the API (decision 028) and never reaches these routes.
 */
export const ADMIN_BASE = "/admin";

const DEFAULT_DIST_DIR = fileURLToPath(new URL("../../admin/dist", import.meta.url));

/**
 * The console runs only its own bundled script and styles: no inline script or style, no
 * other origin, never inside a frame (it moves money; clickjacking is the risk).
 */
export const ADMIN_CSP =
  "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'";

const SECURITY_HEADERS = {
  "content-security-policy": ADMIN_CSP,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "same-origin",
};

export async function registerAdminConsole(
  app: FastifyInstance,
  options: { distDir?: string } = {},
): Promise<boolean> {
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const indexPath = `${distDir}/index.html`;
  if (!existsSync(indexPath)) {
    app.log.warn(`operator console: no build at ${distDir}; run \`npm run build\``);
    return false;
  }
  const built = await loadStaticFiles(distDir);
  const files = new Map<string, StaticFile>();
  for (const [path, file] of built) {
    // The build's manifest is for tests and tools, not for browsers.
    if (path.startsWith("/.vite/")) continue;
    files.set(`${ADMIN_BASE}${path}`, file);
  }
  const index = files.get(`${ADMIN_BASE}/index.html`)!;
  index.cacheControl = "no-store";

  await app.register(async function adminConsole(scope) {
    scope.addHook("onSend", async (_request, reply) => {
      reply.headers(SECURITY_HEADERS);
    });
    registerStaticFiles(scope, files);
    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split("?")[0]!;
      // A missing file (an old hashed asset, a typo) is a 404, not the app: the browser would
      // otherwise run HTML as a script and report a confusing error.
      if (path.startsWith(`${ADMIN_BASE}/api/`) || /\.[a-z0-9]+$/i.test(path)) {
        return reply.callNotFound();
      }
      return sendFile(request, reply, index);
    };
    scope.route({ method: ["GET", "HEAD"], url: ADMIN_BASE, handler: sendIndex });
    scope.route({ method: ["GET", "HEAD"], url: `${ADMIN_BASE}/*`, handler: sendIndex });
  });
  return true;
}

function sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  const { identity, encoded } = file.current;
  const available = Object.keys(encoded) as (keyof typeof encoded)[];
  const encoding = negotiateEncoding(request.headers["accept-encoding"], available);
  const chosen = encoding === null ? identity : encoded[encoding]!;
  reply.header("content-type", file.contentType);
  reply.header("cache-control", file.cacheControl);
  if (available.length > 0) reply.header("vary", "Accept-Encoding");
  if (encoding !== null) reply.header("content-encoding", encoding);
  return reply.send(chosen.body);
}
