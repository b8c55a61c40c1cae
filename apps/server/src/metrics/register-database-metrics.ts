import type { DatabaseHandle } from "@obmen/db";
import { Gauge, type Registry } from "prom-client";

/**
 * How busy this process's database connections are (decision 031). PostgreSQL: node-postgres'
 * pool of this replica (pg-boss keeps its own small pool, not counted here); clients waiting
 * for a connection are the first sign the pool or the database is the bottleneck. PGlite is
 * one in-process connection with no pool to report: `obmen_db_info` says which engine it is,
 * and `obmen_db_scrape_success` whether it answers.
 */
export function registerDatabaseMetrics(registry: Registry, handle: DatabaseHandle) {
  const registers = [registry];
  new Gauge({
    name: "obmen_db_info",
    help: "The database engine this process uses (always 1)",
    labelNames: ["engine"] as const,
    registers,
  }).set({ engine: handle.engine }, 1);
  if (handle.client.engine !== "postgres") return;
  const pool = handle.client.pool;
  new Gauge({
    name: "obmen_db_pool_connections",
    help: "Connections of this process's PostgreSQL pool, by state (idle, in use)",
    labelNames: ["state"] as const,
    registers,
    collect() {
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: "obmen_db_pool_max_connections",
    help: "The most connections this process's PostgreSQL pool opens",
    registers,
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: "obmen_db_pool_waiting_clients",
    help: "Queries of this process waiting for a free PostgreSQL connection",
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
}
