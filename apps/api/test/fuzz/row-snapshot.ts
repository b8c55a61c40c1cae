import type { Database } from "@obmen/db";
import { sql } from "drizzle-orm";

/** Tables a request may touch without being acted on: request bookkeeping, not data. */
export const BOOKKEEPING_TABLES = new Set(["seen_signatures", "rate_limits"]);

export interface RowSnapshot {
  counts: Record<string, number>;
  reserves: string;
}

/**
 * Row counts of every data table and the sum of the currencies' reserves, read in one
 * statement: cheap enough to take after every fuzzed request, so the request that changed a
 * row is the one named.
 */
export async function rowSnapshotter(db: Database): Promise<() => Promise<RowSnapshot>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = tables.rows
    .map((row) => row.table_name)
    .filter((table) => !BOOKKEEPING_TABLES.has(table));
  const counts = sql.join(
    names.map(
      (table) =>
        sql`(select count(*)::int from ${sql.identifier(table)}) as ${sql.identifier(table)}`,
    ),
    sql`, `,
  );
  const query = sql`select ${counts},
    (select coalesce(sum(reserve), 0)::text from currencies) as "__reserves"`;
  return async () => {
    const result = await db.execute<Record<string, number | string>>(query);
    const { __reserves: reserves, ...rest } = result.rows[0]!;
    return { counts: rest as Record<string, number>, reserves: String(reserves) };
  };
}

/** What changed between two snapshots, for a failure message. */
export function describeChange(before: RowSnapshot, after: RowSnapshot): string {
  const changes = Object.keys(after.counts)
    .filter((table) => after.counts[table] !== before.counts[table])
    .map((table) => `${table} ${before.counts[table]} → ${after.counts[table]}`);
  if (after.reserves !== before.reserves) {
    changes.push(`reserves ${before.reserves} → ${after.reserves}`);
  }
  return changes.join(", ");
}
