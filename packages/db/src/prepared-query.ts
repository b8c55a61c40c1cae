import { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { Database } from "./connection.ts";

/**
 * Runs one parameterised statement straight through the driver, outside Drizzle, for a
 * statement so hot that building it shows in profiles (the batched order create: 19 parameters
 * per order, docs/decisions/012-order-create-single-call.md). On PostgreSQL the statement is
 * prepared under `name` once per connection, so the server parses and plans it once; PGlite
 * runs it as an ordinary parameterised query. Reserve it for such paths: everything else goes
 * through Drizzle. Values are sent as text; rows come back as the driver parses them (jsonb
 * as objects, numeric as strings).
 */
export async function queryPrepared<Row>(
  db: Database,
  statement: { name: string; text: string; values: unknown[] },
): Promise<Row[]> {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (client instanceof PGlite) {
    return (await client.query<Row>(statement.text, statement.values)).rows;
  }
  const result = await client.query<Row & pg.QueryResultRow>({
    name: statement.name,
    text: statement.text,
    values: statement.values,
  });
  return result.rows;
}

/**
 * One Drizzle prepared statement per database, made on first use: `prepare(db)` builds the SQL
 * once, and on PostgreSQL the statement's name lets each connection parse and plan it once.
 * For the statements every signed-in call or login runs (issue 13's benchmarks).
 */
export function preparedPerDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
