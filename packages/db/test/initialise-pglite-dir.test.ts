import { existsSync, readdirSync } from "node:fs";
import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  contentEntries,
  currencies,
  currencyPairs,
  type DatabaseHandle,
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  seedContent,
  seedDemoCatalogue,
} from "../src/index.ts";
import { pgliteTemplateFile } from "../src/pglite-template.ts";
import { tempDirs } from "./support/temp-dirs.ts";

const tempDir = tempDirs("obmen-initialise-");

async function hasCatalogue(handle: DatabaseHandle): Promise<boolean> {
  const table = await handle.db.execute<{ name: string | null }>(
    sql`select to_regclass('public.currencies')::text as name`,
  );
  return table.rows[0]?.name != null;
}

const shippedMigrations = readdirSync(migrationsFolder).filter((name) => name.endsWith(".sql"));

describe("a new PGlite data directory for the server", () => {
  it("comes out of the child process migrated and seeded, leaving the server nothing to do", async () => {
    const dataDir = tempDir();
    const opened = await openDatabase({ dataDir, migrateAndSeedNewDataDir: true });
    try {
      const applied = await opened.db.execute<{ total: number }>(
        sql`select count(*)::int as total from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]?.total).toBe(shippedMigrations.length);
      const [currencyCount] = await opened.db.select({ total: count() }).from(currencies);
      const [pairCount] = await opened.db.select({ total: count() }).from(currencyPairs);
      const [textCount] = await opened.db.select({ total: count() }).from(contentEntries);
      expect(currencyCount?.total).toBeGreaterThan(0);
      expect(pairCount?.total).toBeGreaterThan(0);
      expect(textCount?.total).toBeGreaterThan(0);

      // What the server runs on every start: idempotent, and here a no-op.
      await migrateDatabase(opened);
      expect((await seedDemoCatalogue(opened.db)).seeded).toBe(false);
      expect(await seedContent(opened.db)).toEqual({ inserted: 0, updated: 0, changed: false });
    } finally {
      await opened.close();
    }
  });

  it("comes without the demo catalogue when the demo is off, texts included", async () => {
    const dataDir = tempDir();
    const opened = await openDatabase({
      dataDir,
      migrateAndSeedNewDataDir: true,
      seedDemoInNewDataDir: false,
    });
    try {
      const [currencyCount] = await opened.db.select({ total: count() }).from(currencies);
      const [textCount] = await opened.db.select({ total: count() }).from(contentEntries);
      expect(currencyCount?.total).toBe(0);
      expect(textCount?.total).toBeGreaterThan(0);
      // Saved for the next such directory, apart from the demo's template.
      expect(existsSync(pgliteTemplateFile("migrated"))).toBe(true);
      await migrateDatabase(opened);
      expect(await seedContent(opened.db)).toEqual({ inserted: 0, updated: 0, changed: false });
    } finally {
      await opened.close();
    }
  });

  it("is left empty without the option (CLI and tests migrate and seed themselves)", async () => {
    const opened = await openDatabase({ dataDir: tempDir() });
    try {
      expect(await hasCatalogue(opened)).toBe(false);
    } finally {
      await opened.close();
    }
  });

  it("keeps an existing directory as it is", async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`create table existing_probe (value text)`);
    await first.close();

    const reopened = await openDatabase({ dataDir, migrateAndSeedNewDataDir: true });
    try {
      expect(await hasCatalogue(reopened)).toBe(false);
    } finally {
      await reopened.close();
    }
  });
});
