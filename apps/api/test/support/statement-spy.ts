import type { DatabaseHandle } from "@obmen/db";
import { vi } from "vitest";

/** The statements a database's driver was sent, Drizzle's and the raw ones alike. */
export interface StatementSpy {
  mock: { calls: unknown[][] };
  mockClear(): void;
}

/**
 * Watches every statement sent through `database` (PGlite's `query` or the pg pool's), for
 * tests that pin how many round trips a call makes.
 */
export function spyOnStatements(database: Pick<DatabaseHandle, "client">): StatementSpy {
  const { client } = database;
  return (client.engine === "pglite"
    ? vi.spyOn(client.pglite, "query")
    : vi.spyOn(client.pool, "query")) as unknown as StatementSpy;
}

/**
 * Sends a statement `spy` saw again, inside a transaction that is then rolled back, and answers
 * what `setting` holds for that transaction after it: what the statement itself set with
 * `set_config(…, true)` (a `SET LOCAL`), which nothing outside the transaction can see. The
 * rows of `emptied` tables are deleted first (in the same transaction), so a statement that
 * inserted a unique value can run again.
 */
export async function settingAfterStatement(
  database: Pick<DatabaseHandle, "client">,
  call: unknown[],
  options: { setting: string; emptied: string[] },
): Promise<string> {
  const { client } = database;
  const connection: {
    query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
    release(): void;
  } =
    client.engine === "pglite"
      ? { query: (text, params) => client.pglite.query(text, params), release: () => {} }
      : await client.pool.connect();
  // Drizzle sends PGlite (text, params) and the pool ({name, text}, params); unnamed here.
  const [first, params] = call as [string | { text: string }, unknown[] | undefined];
  const text = typeof first === "string" ? first : first.text;
  try {
    await connection.query("begin");
    for (const table of options.emptied) await connection.query(`delete from ${table}`);
    await connection.query(text, params);
    const read = await connection.query(`select current_setting('${options.setting}') as value`);
    return (read.rows[0] as { value: string }).value;
  } finally {
    await connection.query("rollback");
    connection.release();
  }
}
