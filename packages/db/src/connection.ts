import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;

/**
 * What `db.execute()` returns on both engines: node-postgres' QueryResult and PGlite's Results
 * differ, but both carry `rows`.
 */
export interface DatabaseQueryResultHKT extends PgQueryResultHKT {
  readonly type: ExecuteResult<this["row"]>;
}
type ExecuteResult<Row> = { rows: Row[] };

/**
 * The Drizzle database as every caller sees it, whichever engine is underneath: the common
 * PgDatabase base, so `select`, `insert`, `transaction`, `execute` and `db.query.*` all work.
 */
export type Database = PgDatabase<DatabaseQueryResultHKT, Schema>;

/** A transaction handle, for use cases that accept either a database or an open transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseEngine = "pglite" | "postgres";

type EngineClient =
  | { engine: "pglite"; pglite: PGlite; typed: PgliteDatabase<Schema> }
  | { engine: "postgres"; pool: pg.Pool; typed: NodePgDatabase<Schema> };

export type DatabaseHandle = {
  db: Database;
  engine: DatabaseEngine;
  /** The raw client, for integrations that need it (pg-boss `fromPglite`, a pg pool). */
  client: EngineClient;
  /** Closes the connection and releases the DATA_DIR lock; safe to call twice. */
  close(): Promise<void>;
  /** Round-trips a trivial query; for health checks. */
  ping(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** `postgres://…` for PostgreSQL, `memory://` for a throwaway PGlite, unset for DATA_DIR. */
  databaseUrl?: string | undefined;
  dataDir: string;
};

/**
 * Opens the database the configuration names. Without a URL it is PGlite in
 * `${dataDir}/pglite`, guarded by the DATA_DIR lock, because PGlite cannot tell that another
 * process has the same directory open and both would corrupt it (DESIGN "Process model").
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const url = options.databaseUrl?.trim() || undefined;
  if (url === undefined) return openFilePglite(options.dataDir);
  if (url === "memory://") return wrapPglite(await PGlite.create("memory://"), async () => {});
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  throw new Error(
    `Unsupported DATABASE_URL scheme in "${redactUrl(url)}": use postgres://… or leave it unset for the embedded database.`,
  );
}

async function openFilePglite(dataDir: string): Promise<DatabaseHandle> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const directory = path.join(path.resolve(dataDir), "pglite");
    mkdirSync(directory, { recursive: true });
    const pglite = await PGlite.create(directory);
    return wrapPglite(pglite, async () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

function wrapPglite(pglite: PGlite, afterClose: () => Promise<void>): DatabaseHandle {
  const typed = drizzlePglite({ client: pglite, schema });
  return makeHandle({ engine: "pglite", pglite, typed }, async () => {
    await pglite.close();
    await afterClose();
  });
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url });
  // An idle client that loses its server (restart, failover) emits here; without a listener
  // the process would crash. The pool drops the client and the next query reconnects.
  pool.on("error", (error) => {
    console.error("[db] idle PostgreSQL client error:", error.message);
  });
  const typed = drizzleNodePg({ client: pool, schema });
  return makeHandle({ engine: "postgres", pool, typed }, () => endPool(pool));
}

/**
 * pool.end() resolves once clients are told to end, not once their sockets are closed; a caller
 * that drops the database or exits right after would race the goodbyes. Wait for each `remove`.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let remaining = pool.totalCount;
  const allRemoved = new Promise<void>((resolve) => {
    if (remaining === 0) resolve();
    pool.on("remove", () => {
      remaining -= 1;
      if (remaining <= 0) resolve();
    });
  });
  await pool.end();
  await allRemoved;
}

function makeHandle(client: EngineClient, closeClient: () => Promise<void>): DatabaseHandle {
  const db: Database = client.typed;
  let closing: Promise<void> | undefined;
  return {
    db,
    engine: client.engine,
    client,
    close() {
      closing ??= closeClient();
      return closing;
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
  };
}

/** Hides a password in a connection string before it reaches a log or an error message. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}
