import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite, type PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import { type DatabaseLog, stderrLog } from "./database-log.ts";
import { type InitialisePgliteDirOptions, initialisePgliteDir } from "./initialise-pglite-dir.ts";
import { PGLITE_START_PARAMS } from "./pglite-settings.ts";
import { useNamedStatements } from "./pglite-statements.ts";
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
  /** PostgreSQL only: connections this process may open (default `DEFAULT_POOL_MAX`). */
  poolMax?: number | undefined;
  /**
   * Where a lost idle PostgreSQL connection or an unreadable PGlite template is reported: the
   * server's logger (default: stderr).
   */
  log?: DatabaseLog | undefined;
  /**
   * PGlite in DATA_DIR only: a new directory comes already migrated and seeded (demo catalogue,
   * shipped texts), unpacked from the seeded template or made in a short-lived process, which
   * keeps the memory that work leaves behind out of this one (initialise-pglite-dir.ts).
   */
  migrateAndSeedNewDataDir?: boolean | undefined;
  /** With `migrateAndSeedNewDataDir`: the demo catalogue too (default true; `shouldSeedDemo`). */
  seedDemoInNewDataDir?: boolean | undefined;
};

/**
 * Connections one process opens. Two of them LISTEN (catalogue and content changes); the rest
 * serve queries. More is not faster on a small database server: measured with 32 concurrent
 * order creates on 2 vCPUs (docs/performance.md), 20 or 32 connections gave less throughput
 * and a p99 two to five times worse than 10–12, because transactions then queue on
 * PostgreSQL's row locks and CPU instead of fairly, in the pool. Raise it (`poolMax`) for a
 * bigger database server; keep replicas × (this + pg-boss's 4) under `max_connections`.
 */
const DEFAULT_POOL_MAX = 12;

/**
 * Opens the database the configuration names. Without a URL it is PGlite in
 * `${dataDir}/pglite`, guarded by the DATA_DIR lock, because PGlite cannot tell that another
 * process has the same directory open and both would corrupt it (DESIGN "Process model").
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const url = options.databaseUrl?.trim() || undefined;
  if (url === undefined)
    return openFilePglite(options.dataDir, {
      migrateAndSeed: options.migrateAndSeedNewDataDir ?? false,
      demo: options.seedDemoInNewDataDir ?? true,
      log: options.log ?? stderrLog,
    });
  if (url === "memory://") {
    const pglite = await PGlite.create("memory://", { startParams: [...PGLITE_START_PARAMS] });
    return wrapPglite(pglite, async () => {});
  }
  if (/^postgres(ql)?:\/\//.test(url))
    return openPostgres(url, options.poolMax ?? DEFAULT_POOL_MAX, options.log);
  throw new Error(
    `Unsupported DATABASE_URL scheme in "${redactUrl(url)}": use postgres://… or leave it unset for the embedded database.`,
  );
}

async function openFilePglite(
  dataDir: string,
  initialise: InitialisePgliteDirOptions,
): Promise<DatabaseHandle> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const directory = path.join(path.resolve(dataDir), "pglite");
    mkdirSync(directory, { recursive: true });
    await initialisePgliteDir(directory, initialise);
    const pglite = await PGlite.create(directory, { startParams: [...PGLITE_START_PARAMS] });
    return wrapPglite(pglite, async () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

function wrapPglite(pglite: PGlite, afterClose: () => Promise<void>): DatabaseHandle {
  useNamedStatements(pglite);
  const typed = drizzlePglite({ client: pglite, schema });
  return makeHandle({ engine: "pglite", pglite, typed }, async () => {
    await pglite.close();
    await afterClose();
  });
}

/**
 * How long an idle pooled connection is kept. A new one costs a backend's fork, authentication,
 * a cold catalog cache and the re-planning of every named statement; pg-pool's default (10 s)
 * dropped them between bursts, so a busy minute after a quiet pause paid that again, and
 * pg-boss's pool reconnected every few polls. Ten minutes, as PgBouncer's `server_idle_timeout`
 * and HikariCP's `idleTimeout` (decision 047).
 */
export const POOL_IDLE_TIMEOUT_MS = 600_000;

function openPostgres(url: string, max: number, log: DatabaseLog = stderrLog): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    // A transaction whose process stalls (or forgets to finish) would hold its row locks, and
    // every order for that currency would wait: the server ends such a session instead.
    idle_in_transaction_session_timeout: 60_000,
  });
  // An idle client that loses its server (restart, failover) emits here; without a listener
  // the process would crash. The pool drops the client and the next query reconnects.
  pool.on("error", (error) => {
    log.error({ err: error }, "idle PostgreSQL client error");
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
