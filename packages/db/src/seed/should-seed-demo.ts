import type { DatabaseEngine } from "../connection.ts";

/**
 * Whether a start (or `npm run db:seed`) loads the demo catalogue into an empty catalogue: with
 * `SEED_DEMO=true`, or on the embedded database unless `SEED_DEMO=false`. Never on PostgreSQL
 * by default, in production or not: its placeholder payment targets are real, checksum-valid
 * addresses a customer could pay (docs/decisions/018-demo-data.md).
 */
export function shouldSeedDemo(options: {
  engine: DatabaseEngine;
  /** `SEED_DEMO` as configured; undefined when unset. */
  seedDemo: boolean | undefined;
}): boolean {
  return options.seedDemo ?? options.engine === "pglite";
}
