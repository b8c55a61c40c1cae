import { createHash } from "node:crypto";
import type { CurrencyPairEntry } from "@obmen/contracts";
import type { CatalogueChanges } from "../catalogue/catalogue-changes.ts";
import { createChangeDroppedValue } from "../catalogue/change-dropped-value.ts";
import { buildRateItems } from "./build-rate-items.ts";
import { renderRatesJson, renderRatesXml } from "./render-rates.ts";

/**
 * Short on purpose: reserves move with every order. Monitors poll every few seconds anyway;
 * this lets a proxy or CDN collapse a burst of them without showing a stale reserve for long.
 */
const RATES_MAX_AGE_SECONDS = 5;

/** One encoded body with everything needed to answer for it, computed once per change. */
export interface ExportRepresentation {
  body: Buffer;
  /** Strong entity tag: a hash of exactly these bytes, so equal bodies match on every replica. */
  etag: string;
  /** Headers for 200 (with Content-Type) and for 304 (validators and caching only). */
  okHeaders: Record<string, string>;
  notModifiedHeaders: Record<string, string>;
}

export interface RatesExportSnapshot {
  xml: ExportRepresentation;
  json: ExportRepresentation;
  lastModifiedSeconds: number;
}

/**
 * The rates export, built once per catalogue change rather than per request (monitors poll
 * it constantly). Like the pair cache, it is dropped on every `catalogueChanges` event;
 * concurrent misses share one build, and a build overtaken by a change is served but not kept.
 */
export function createRatesExportCache(options: {
  loadEntries: () => Promise<readonly CurrencyPairEntry[]>;
  /**
   * When the entries just loaded go stale by themselves (the pair list's `freshUntil`): an
   * automatic rate past its freshness limit leaves the export then (decision 056).
   */
  entriesFreshUntil?: () => number | null;
  loadNewestChangeSeconds: () => Promise<number | null>;
  changes: CatalogueChanges;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  // Outlives invalidation: Last-Modified must move forward whenever the body changes.
  let previous: RatesExportSnapshot | undefined;
  let previousGeneration = -1;

  const freshUntilByBody = new WeakMap<RatesExportSnapshot, number | null>();
  async function build(generation: number): Promise<RatesExportSnapshot> {
    const [entries, newestChangeSeconds] = await Promise.all([
      options.loadEntries(),
      options.loadNewestChangeSeconds(),
    ]);
    const freshUntil = options.entriesFreshUntil?.() ?? null;
    const items = buildRateItems(entries);
    const xmlBody = Buffer.from(renderRatesXml(items), "utf8");
    const jsonBody = Buffer.from(renderRatesJson(items), "utf8");
    const xmlEtag = entityTag(xmlBody);
    const nowSeconds = Math.floor(now() / 1000);
    const lastModifiedSeconds = nextLastModifiedSeconds({
      newestChangeSeconds: newestChangeSeconds ?? nowSeconds,
      nowSeconds,
      bodyChanged: previous !== undefined && previous.xml.etag !== xmlEtag,
      previousSeconds: previous?.lastModifiedSeconds ?? null,
    });
    const lastModified = new Date(lastModifiedSeconds * 1000).toUTCString();
    const snapshot: RatesExportSnapshot = {
      xml: representation(xmlBody, xmlEtag, "application/xml; charset=utf-8", lastModified),
      json: representation(
        jsonBody,
        entityTag(jsonBody),
        "application/json; charset=utf-8",
        lastModified,
      ),
      lastModifiedSeconds,
    };
    freshUntilByBody.set(snapshot, freshUntil);
    // A stale build finishing after a newer one must not become the reference.
    if (generation >= previousGeneration) {
      previous = snapshot;
      previousGeneration = generation;
    }
    return snapshot;
  }

  return createChangeDroppedValue({
    build,
    changes: options.changes,
    expiresAt: (snapshot) => freshUntilByBody.get(snapshot) ?? null,
    now,
  });
}

export type RatesExportCache = ReturnType<typeof createRatesExportCache>;

/**
 * Last-Modified is the newest `updated_at` behind the export (the same on every replica), never
 * later than now (RFC 9110 §8.8.2.1). A change that leaves no newer timestamp (a deleted row,
 * an update made outside Drizzle) would otherwise keep a date that makes If-Modified-Since
 * clients miss it, so a changed body always moves the date past the previous one.
 */
export function nextLastModifiedSeconds(options: {
  newestChangeSeconds: number;
  nowSeconds: number;
  bodyChanged: boolean;
  previousSeconds: number | null;
}): number {
  const { newestChangeSeconds, nowSeconds, bodyChanged, previousSeconds } = options;
  let seconds = Math.min(newestChangeSeconds, nowSeconds);
  if (bodyChanged && previousSeconds !== null && seconds <= previousSeconds) {
    seconds = Math.min(previousSeconds + 1, nowSeconds);
  }
  return seconds;
}

function entityTag(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

function representation(
  body: Buffer,
  etag: string,
  contentType: string,
  lastModified: string,
): ExportRepresentation {
  const notModifiedHeaders = {
    etag,
    "last-modified": lastModified,
    "cache-control": `public, max-age=${RATES_MAX_AGE_SECONDS}`,
  };
  return {
    body,
    etag,
    okHeaders: { ...notModifiedHeaders, "content-type": contentType },
    notModifiedHeaders,
  };
}
