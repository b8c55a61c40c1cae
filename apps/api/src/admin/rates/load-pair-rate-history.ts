import { AppError, ErrorCode } from "@obmen/contracts";
import { currencyPairs, type Database, pairRateHistory } from "@obmen/db";
import { and, asc, eq, gte } from "drizzle-orm";

/** `GET /admin/api/pairs/{id}/rate-history`: the pair's automatic rates over the last hours. */
export async function loadPairRateHistory(options: { db: Database; id: number; hours: number }) {
  const { db, id } = options;
  const [pair] = await db
    .select({ id: currencyPairs.id })
    .from(currencyPairs)
    .where(eq(currencyPairs.id, id));
  if (!pair) throw new AppError(ErrorCode.NOT_FOUND);
  const since = new Date(Date.now() - options.hours * 3_600_000);
  const rows = await db
    .select()
    .from(pairRateHistory)
    .where(and(eq(pairRateHistory.pairId, id), gte(pairRateHistory.recordedAt, since)))
    .orderBy(asc(pairRateHistory.recordedAt))
    .limit(5_000);
  return rows.map((row) => ({
    recorded_at: row.recordedAt.toISOString(),
    send_rate: row.sendRate,
    receive_rate: row.receiveRate,
    send_rate_real: row.sendRateReal,
    receive_rate_real: row.receiveRateReal,
  }));
}
