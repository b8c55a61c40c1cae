import { rateQuotes, rateQuotesLatest, rateSources, type Transaction } from "@obmen/db";
import { isRateJump } from "@obmen/domain";
import { eq, sql } from "drizzle-orm";
import type { RateQuote } from "./sources/rate-source.ts";

export interface StoredQuotes {
  accepted: number;
  /** Symbols whose value jumped beyond the bound and wait for the next fetch (logged). */
  suspect: { symbol: string; from: string; to: string }[];
}

/**
 * A good fetch's quotes, in the refresh's transaction: each replaces its symbol's last good
 * quote, unless it moved more than `maxJumpPercent` from it (issue 27 point 1: nonsense). Such
 * a value is kept aside as suspect; the next fetch confirms it (accepted when it is within the
 * bound of the suspect) or replaces it. Symbols pairs use also go into the time series.
 */
export async function storeSourceQuotes(options: {
  tx: Transaction;
  source: string;
  quotes: RateQuote[];
  maxJumpPercent: string;
  /** `symbol`s bound pairs read from this source: their quotes are kept as history. */
  usedSymbols: ReadonlySet<string>;
  fetchedAt: Date;
}): Promise<StoredQuotes> {
  const { tx, source, fetchedAt } = options;
  const previous = new Map(
    (await tx.select().from(rateQuotesLatest).where(eq(rateQuotesLatest.source, source))).map(
      (row) => [row.symbol, row],
    ),
  );
  const accepted: (typeof rateQuotesLatest.$inferInsert)[] = [];
  const suspect: StoredQuotes["suspect"] = [];
  for (const quote of options.quotes) {
    const last = previous.get(quote.symbol);
    const jumped =
      last !== undefined &&
      isRateJump({ previous: last.value, next: quote.value, boundPercent: options.maxJumpPercent });
    const confirmed =
      jumped &&
      last.suspectValue !== null &&
      !isRateJump({
        previous: last.suspectValue,
        next: quote.value,
        boundPercent: options.maxJumpPercent,
      });
    if (jumped && !confirmed) {
      suspect.push({ symbol: quote.symbol, from: last.value, to: quote.value });
      continue;
    }
    accepted.push({
      source,
      symbol: quote.symbol,
      value: quote.value,
      bid: quote.bid ?? null,
      ask: quote.ask ?? null,
      fetchedAt,
      suspectValue: null,
    });
  }
  // In slices: Binance lists ~2000 symbols, 7 parameters each.
  for (let start = 0; start < accepted.length; start += 1000) {
    await tx
      .insert(rateQuotesLatest)
      .values(accepted.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [rateQuotesLatest.source, rateQuotesLatest.symbol],
        set: {
          value: sql`excluded.value`,
          bid: sql`excluded.bid`,
          ask: sql`excluded.ask`,
          fetchedAt: sql`excluded.fetched_at`,
          suspectValue: sql`null`,
        },
      });
  }
  for (const { symbol, to } of suspect) {
    await tx
      .update(rateQuotesLatest)
      .set({ suspectValue: to })
      .where(
        sql`${rateQuotesLatest.source} = ${source} and ${rateQuotesLatest.symbol} = ${symbol}`,
      );
  }
  const history = accepted.filter((row) => options.usedSymbols.has(row.symbol));
  if (history.length > 0) {
    await tx
      .insert(rateQuotes)
      .values(history.map(({ symbol, value }) => ({ source, symbol, value, fetchedAt })));
  }
  await tx
    .update(rateSources)
    .set({
      lastGoodAt: fetchedAt,
      lastError: null,
      lastErrorAt: null,
      quoteCount: sql`(select count(*) from rate_quotes_latest where source = ${source})`,
      silentAlertedAt: null,
    })
    .where(eq(rateSources.id, source));
  return { accepted: accepted.length, suspect };
}
