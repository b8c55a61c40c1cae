import type { ContentIndex, CurrencyPairEntry } from "@obmen/contracts";
import type { WebContext, WebLog } from "../web-context.server.ts";
import { buildSitemapXml, sitemapEntries } from "./build-sitemap.ts";

/** A complete sitemap is rebuilt every 10 minutes; crawlers fetch it far less often. */
const FRESH_MS = 10 * 60_000;
/** One missing a source (its call failed) is retried sooner. */
const PARTIAL_MS = 60_000;

let cached: { xml: string; origin: string; expiresAt: number } | null = null;
let building: Promise<string> | null = null;

/**
 * sitemap.xml, cached in memory: it costs two API calls and ~1000 URLs of string building, and
 * concurrent requests while it is being built share one build.
 */
export function cachedSitemapXml(context: WebContext, now = Date.now()): Promise<string> {
  if (cached && cached.origin === context.appOrigin && cached.expiresAt > now) {
    return Promise.resolve(cached.xml);
  }
  building ??= buildFresh(context).finally(() => {
    building = null;
  });
  return building;
}

async function buildFresh({ api, clientIp, appOrigin, log }: WebContext): Promise<string> {
  const [pairs, content] = await Promise.all([
    settle<CurrencyPairEntry[]>(log, "currency pair list", () =>
      api.currencyPairs.list({ ip: clientIp, lang: "ru" }),
    ),
    settle<ContentIndex>(log, "content index", () => api.content.index()),
  ]);
  const xml = buildSitemapXml(appOrigin, sitemapEntries({ pairs, content }));
  const complete = pairs !== null && content !== null;
  cached = { xml, origin: appOrigin, expiresAt: Date.now() + (complete ? FRESH_MS : PARTIAL_MS) };
  return xml;
}

/** A failed source leaves its URLs out this time; search engines keep what they know. */
async function settle<T>(log: WebLog, what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    log.warn({ err: error }, `sitemap.xml: ${what} failed`);
    return null;
  }
}

/** For tests: forget the cached sitemap. */
export function resetSitemapCache() {
  cached = null;
}
