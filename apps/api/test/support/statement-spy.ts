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
