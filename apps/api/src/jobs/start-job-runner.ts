import { type DatabaseHandle, POOL_IDLE_TIMEOUT_MS } from "@obmen/db";
import { fromPglite, PgBoss } from "pg-boss";

/**
 * pg-boss on the same database as everything else (DESIGN.md "jobs"): on PGlite through its
 * adapter, on PostgreSQL with its own small pool. Jobs are enqueued inside the transaction
 * that causes them (`fromDrizzle(tx, sql)`), so a job exists exactly when its change does;
 * replicas share the queue and take jobs with SKIP LOCKED.
 */
export async function startJobRunner(options: {
  handle: DatabaseHandle;
  /** How often workers poll; tests use a short interval. */
  pollingIntervalSeconds?: number;
  onError?: (error: Error) => void;
}): Promise<PgBoss> {
  const { handle } = options;
  const boss =
    handle.client.engine === "pglite"
      ? new PgBoss({ db: fromPglite(handle.client.pglite), schema: "pgboss" })
      : new PgBoss({
          connectionString: connectionStringOf(handle),
          schema: "pgboss",
          max: 4,
          ...keptIdleConnections,
        });
  boss.on("error", (error) => options.onError?.(error));
  await boss.start();
  return boss;
}

/**
 * pg-boss hands its options to `pg.Pool` whole (its db.js), pool settings its type does not list
 * included: idle connections are kept as long as the server's own (decision 047), not the
 * pool's 10 s, after which every few polls forked a new backend.
 */
const keptIdleConnections: object = { idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS };

function connectionStringOf(handle: DatabaseHandle): string {
  if (handle.client.engine !== "postgres") throw new Error("not a PostgreSQL handle");
  const options = handle.client.pool.options as { connectionString?: string };
  if (!options.connectionString) throw new Error("PostgreSQL pool has no connection string");
  return options.connectionString;
}
