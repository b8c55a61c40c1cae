import { parseCookie } from "cookie";
import { type ContentEncoding, compressBody } from "./content-encoding.ts";

/**
 * A one-second shared cache for the few pages that are the same for every anonymous visitor
 * (the home page in each language). Under a rush this turns N renders a second into one,
 * the way "microcaching" in a reverse proxy does, without needing a proxy in front. Concurrent
 * misses share one render. docs/performance.md explains the numbers.
 *
 * Only GET/HEAD of an exact listed path, without a query string, and without cookies other
 * than the harmless ones: the root loader reads the session and link-token cookies, so a
 * request carrying any other cookie renders for itself. Only 200 answers without Set-Cookie
 * are kept past their own render.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /**
   * The body compressed with `encoding`: made by the first request that asks for it, then
   * kept with the page, so a cache hit costs no compression.
   */
  encodedBody(encoding: ContentEncoding): Promise<Buffer>;
}

export interface PageMicrocache {
  /** The cache key for this request, or null when it must render for itself. */
  keyFor(request: { method: string; url: string; cookie: string | undefined }): string | null;
  /** The page for a key: from the cache while fresh, else rendered (once for all waiters). */
  get(key: string, render: () => Promise<Response>): Promise<CachedPage>;
}

// The language choice is the only cookie that cannot change a page that is already per-locale.
const HARMLESS_COOKIES = new Set(["locale"]);

export function createPageMicrocache(options: {
  paths: readonly string[];
  ttlMs: number;
  now?: () => number;
}): PageMicrocache {
  const paths = new Set(options.paths);
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expiresAt: number; page: Promise<CachedPage> }>();

  return {
    keyFor({ method, url, cookie }) {
      if (method !== "GET" && method !== "HEAD") return null;
      if (!paths.has(url)) return null;
      return onlyHarmlessCookies(cookie) ? url : null;
    },
    get(key, render) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return entry.page;
      const page = render().then(toCachedPage);
      const fresh = { expiresAt: now() + options.ttlMs, page };
      entries.set(key, fresh);
      const forget = () => {
        if (entries.get(key) === fresh) entries.delete(key);
      };
      page.then((result) => {
        if (!isShareable(result)) forget();
      }, forget);
      return page;
    },
  };
}

async function toCachedPage(response: Response): Promise<CachedPage> {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers.push([name, value]);
  }
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  const body = Buffer.from(await response.arrayBuffer());
  const encoded = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    status: response.status,
    headers,
    body,
    encodedBody(encoding) {
      let compressed = encoded.get(encoding);
      if (compressed === undefined) {
        compressed = compressBody(body, encoding);
        encoded.set(encoding, compressed);
      }
      return compressed;
    },
  };
}

function isShareable(page: CachedPage): boolean {
  return page.status === 200 && !page.headers.some(([name]) => name === "set-cookie");
}

function onlyHarmlessCookies(cookie: string | undefined): boolean {
  if (!cookie) return true;
  // The loaders' parser (app/routing/auth-cookies.server.ts): a pair it skips, they never see.
  return Object.keys(parseCookie(cookie)).every((name) => HARMLESS_COOKIES.has(name));
}
