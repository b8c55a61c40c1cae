import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateDatabase } from "../src/index.ts";
import { createTestDatabase } from "../src/testing.ts";

const expectedTables = [
  "api_clients",
  "content_entries",
  "content_translations",
  "currencies",
  "currency_fields",
  "currency_pairs",
  "mail_outbox",
  "order_events",
  "order_receipts",
  "order_reviews",
  "orders",
  "pay_systems",
  "reserve_holds",
];

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  // Replicas first: the test database's own close() drops the database.
  for (const handle of opened.splice(0).reverse()) await handle.close();
});

async function publicTables(handle: DatabaseHandle): Promise<string[]> {
  const result = await handle.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  return result.rows.map((row) => row.table_name);
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute<{ total: string }>(
    sql`select count(*)::text as total from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.total);
}

describe("migrations", () => {
  it("create every table on a fresh database", async () => {
    const test = await createTestDatabase({ migrate: false });
    opened.push(test);
    expect(await publicTables(test)).toEqual([]);
    await migrateDatabase(test);
    expect(await publicTables(test)).toEqual(expectedTables);
  });

  it("do nothing when run a second time", async () => {
    const test = await createTestDatabase();
    opened.push(test);
    const before = await appliedMigrations(test);
    expect(before).toBeGreaterThan(0);
    await migrateDatabase(test);
    expect(await appliedMigrations(test)).toBe(before);
  });

  it("compress outbox letters with LZ4 on PostgreSQL and keep the default where it is missing", async () => {
    const test = await createTestDatabase();
    opened.push(test);
    const result = await test.db.execute<{ attname: string; attcompression: string }>(
      sql`select attname, attcompression from pg_attribute
        where attrelid = 'mail_outbox'::regclass and attname in ('text', 'html') order by 1`,
    );
    // PGlite is built without LZ4: the migration leaves it on the default (pglz).
    const expected = test.engine === "postgres" ? "l" : "";
    expect(result.rows).toEqual([
      { attname: "html", attcompression: expected },
      { attname: "text", attcompression: expected },
    ]);
  });

  it("enforce the one-side-is-1 rate rule in the database itself", async () => {
    const test = await createTestDatabase({ seed: true });
    opened.push(test);
    await expect(
      test.db.execute(sql`update currency_pairs set send_rate = 2, receive_rate = 3`),
    ).rejects.toThrow();
  });
});
