import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import {
  currencies,
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  seedDemoCatalogue,
} from "../src/index.ts";
import { createTestDatabase } from "../src/testing.ts";

// Several processes on one PostgreSQL (DESIGN "Process model"): only meaningful on a real
// server, so this file runs only when TEST_DATABASE_URL is set (vitest.config.ts).
describe("replicas starting together on PostgreSQL", () => {
  it("apply the migrations once", async () => {
    const test = await createTestDatabase({ migrate: false });
    const replicas = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: test.databaseUrl, dataDir: "" })),
    );
    try {
      await Promise.all([test, ...replicas].map((handle) => migrateDatabase(handle)));
      const applied = await test.db.execute<{ total: string }>(
        sql`select count(*)::text as total from drizzle.__drizzle_migrations`,
      );
      expect(Number(applied.rows[0]?.total)).toBe(readMigrationFiles({ migrationsFolder }).length);
    } finally {
      for (const replica of replicas) await replica.close();
      await test.close();
    }
  });

  it("seed the demo catalogue once", async () => {
    const fresh = await createTestDatabase();
    const replica = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: "" });
    try {
      const results = await Promise.all([
        seedDemoCatalogue(fresh.db),
        seedDemoCatalogue(replica.db),
      ]);
      expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
      const seeded = results.find((result) => result.seeded)!;
      const rows = await fresh.db.select({ id: currencies.id }).from(currencies);
      expect(rows.length).toBe(seeded.currencies);
    } finally {
      await replica.close();
      await fresh.close();
    }
  });
});
