import { currencies, currencyPairs, type Database, reserveHolds } from "@obmen/db";
import { sql } from "drizzle-orm";

/**
 * When the export's inputs last changed, in whole seconds since the epoch: the newest
 * `updated_at` of pairs, currencies and reserve holds (a hold taken or released changes the
 * available reserve). Null on an empty catalogue. Read from the database, not the local clock,
 * so every replica announces the same Last-Modified for the same data.
 */
export async function loadNewestChangeSeconds(options: { db: Database }): Promise<number | null> {
  const { rows } = await options.db.execute<{ seconds: string | null }>(sql`
    select floor(extract(epoch from greatest(
      (select max(${currencyPairs.updatedAt}) from ${currencyPairs}),
      (select max(${currencies.updatedAt}) from ${currencies}),
      (select max(${reserveHolds.updatedAt}) from ${reserveHolds})
    )))::bigint::text as seconds`);
  const seconds = rows[0]?.seconds;
  return seconds == null ? null : Number(seconds);
}
