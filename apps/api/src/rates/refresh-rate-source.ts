import { currencyPairs, type Database, rateSources } from "@obmen/db";
import { parseRateFormula } from "@obmen/domain";
import { eq, isNotNull } from "drizzle-orm";
import { applyPairRates, type PairRateOutcome } from "./apply-pair-rates.ts";
import { claimRateSource } from "./claim-rate-source.ts";
import { fetchRateSource } from "./sources/fetch-rate-source.ts";
import { type RateSourceAdapter, RateSourceRejection } from "./sources/rate-source.ts";
import { storeSourceQuotes } from "./store-source-quotes.ts";

export interface RateLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface RefreshReport {
  outcome: "skipped" | "refused" | "stored";
  pairs: PairRateOutcome[];
}

/**
 * One source's refresh (issue 27 point 3): claim this interval's fetch (one replica does it),
 * fetch and parse outside any transaction, then in one transaction store the quotes and
 * recompute every pair that reads them. A refused answer is logged and recorded on the source;
 * its last good quotes stay, aging. The caller announces a catalogue change when pairs moved.
 */
export async function refreshRateSource(options: {
  db: Database;
  adapter: RateSourceAdapter;
  baseUrl: string;
  intervalSeconds: number;
  maxJumpPercent: string;
  log: RateLog;
  timeoutMs?: number;
}): Promise<RefreshReport> {
  const { db, adapter, log } = options;
  const source = adapter.id;
  if (!(await claimRateSource({ db, source, intervalSeconds: options.intervalSeconds }))) {
    return { outcome: "skipped", pairs: [] };
  }
  let quotes: Awaited<ReturnType<typeof fetchRateSource>>;
  try {
    quotes = await fetchRateSource({
      adapter,
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs,
    });
  } catch (error) {
    if (!(error instanceof RateSourceRejection)) throw error;
    log.warn({ source, reason: error.message }, "rate source refused: last good quotes kept");
    await db
      .update(rateSources)
      .set({ lastError: error.message.slice(0, 500), lastErrorAt: new Date() })
      .where(eq(rateSources.id, source));
    return { outcome: "refused", pairs: [] };
  }
  // Read before the transaction: on PGlite (one connection) a read outside it would wait for it.
  const symbols = await usedSymbols(db, source);
  return db.transaction(async (tx) => {
    const stored = await storeSourceQuotes({
      tx,
      source,
      quotes,
      maxJumpPercent: options.maxJumpPercent,
      usedSymbols: symbols,
      fetchedAt: new Date(),
    });
    for (const jump of stored.suspect) {
      log.warn({ source, ...jump }, "rate quote jumped beyond the bound: waits for the next fetch");
    }
    const pairs = await applyPairRates({ tx, sources: [source] });
    return { outcome: "stored", pairs };
  });
}

/** The symbols of `source` that bound pairs' formulas read. */
export async function usedSymbols(db: Database, source: string): Promise<Set<string>> {
  const rows = await db
    .select({ formula: currencyPairs.rateSource })
    .from(currencyPairs)
    .where(isNotNull(currencyPairs.rateSource));
  const symbols = new Set<string>();
  for (const { formula } of rows) {
    for (const term of parseRateFormula(formula ?? "") ?? []) {
      if (term.source === source) symbols.add(term.symbol);
    }
  }
  return symbols;
}
