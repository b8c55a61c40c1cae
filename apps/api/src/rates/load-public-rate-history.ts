import type { PairRatePoint } from "@obmen/contracts";
import { type Database, pairRateHistory } from "@obmen/db";
import { and, asc, eq, gte } from "drizzle-orm";

/** The sparkline's span and resolution (issue 27 point 4). */
const HOURS = 24;
const BUCKET_MS = 30 * 60_000;

/**
 * An active pair's applied rates over the last day, the last point of each half hour: at most
 * 48 points whatever the refresh interval, so the page stays small. The caller checks the pair
 * is in service (the pair list): an out-of-service pair shows no history.
 */
export async function loadPublicRateHistory(options: {
  db: Database;
  pairId: number;
  now?: Date;
}): Promise<PairRatePoint[]> {
  const now = options.now ?? new Date();
  const rows = await options.db
    .select({
      at: pairRateHistory.recordedAt,
      sendRate: pairRateHistory.sendRate,
      receiveRate: pairRateHistory.receiveRate,
    })
    .from(pairRateHistory)
    .where(
      and(
        eq(pairRateHistory.pairId, options.pairId),
        gte(pairRateHistory.recordedAt, new Date(now.getTime() - HOURS * 3_600_000)),
      ),
    )
    .orderBy(asc(pairRateHistory.recordedAt));
  const lastOfBucket = new Map<number, (typeof rows)[number]>();
  for (const row of rows) lastOfBucket.set(Math.floor(row.at.getTime() / BUCKET_MS), row);
  return [...lastOfBucket.values()].map((row) => ({
    at: row.at.toISOString(),
    send_rate: row.sendRate,
    receive_rate: row.receiveRate,
  }));
}
