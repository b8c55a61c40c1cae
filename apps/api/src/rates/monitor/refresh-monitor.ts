import { currencyPairs, type Database, monitorOffers } from "@obmen/db";
import { and, eq, isNotNull } from "drizzle-orm";
import { applyPairRates } from "../apply-pair-rates.ts";
import { claimRateSource } from "../claim-rate-source.ts";
import type { RateLog } from "../refresh-rate-source.ts";
import { RateSourceRejection } from "../sources/rate-source.ts";
import { fetchBestChangeRates } from "./bestchange.ts";

/**
 * The monitor's part of a refresh (decision 057): each direction a pair follows is fetched once
 * per interval (claimed like a source, as `bestchange:<from>-<to>`), its offers replace the
 * stored ones without our own, and the pairs following it are recomputed in the same
 * transaction. Answers whether any pair moved.
 */
export async function refreshMonitor(options: {
  db: Database;
  monitor: { baseUrl: string; apiKey: string; ownChanger: number | null };
  refreshSeconds: number;
  log: RateLog;
  timeoutMs?: number;
}): Promise<boolean> {
  const { db, monitor } = options;
  const followers = await db
    .select({ id: currencyPairs.id, from: currencyPairs.monitorFrom, to: currencyPairs.monitorTo })
    .from(currencyPairs)
    .where(and(isNotNull(currencyPairs.monitorPosition), isNotNull(currencyPairs.rateSource)));
  const directions = new Map<string, { from: number; to: number; pairIds: number[] }>();
  for (const pair of followers) {
    if (pair.from === null || pair.to === null) continue;
    const key = `${pair.from}-${pair.to}`;
    const entry = directions.get(key) ?? { from: pair.from, to: pair.to, pairIds: [] };
    entry.pairIds.push(pair.id);
    directions.set(key, entry);
  }
  let moved = false;
  for (const [direction, { from, to, pairIds }] of directions) {
    const source = `bestchange:${direction}`;
    if (!(await claimRateSource({ db, source, intervalSeconds: options.refreshSeconds }))) continue;
    let offers: Awaited<ReturnType<typeof fetchBestChangeRates>>;
    try {
      offers = await fetchBestChangeRates({ ...monitor, from, to, timeoutMs: options.timeoutMs });
    } catch (error) {
      if (!(error instanceof RateSourceRejection)) throw error;
      options.log.warn({ source, reason: error.message }, "monitor refused: last offers kept");
      continue;
    }
    const fetchedAt = new Date();
    const outcomes = await db.transaction(async (tx) => {
      await tx.delete(monitorOffers).where(eq(monitorOffers.direction, direction));
      const kept = offers.filter((offer) => offer.changer !== monitor.ownChanger);
      if (kept.length > 0) {
        await tx
          .insert(monitorOffers)
          .values(kept.map((offer) => ({ direction, ...offer, fetchedAt })))
          .onConflictDoNothing();
      }
      return applyPairRates({ tx, pairIds });
    });
    if (outcomes.some((outcome) => outcome.outcome === "applied")) moved = true;
  }
  return moved;
}
