import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateDatabase } from "../src/index.ts";
import { migrationsFolder } from "../src/migrate.ts";
import { createTestDatabase } from "../src/testing.ts";

const expectedTables = [
  "affiliate_channels",
  "affiliate_click_keys",
  "affiliate_clicks",
  "affiliate_ledger_entries",
  "affiliate_ledger_lines",
  "affiliate_order_referrals",
  "affiliate_partners",
  "affiliate_withdrawals",
  "api_clients",
  "audit_log",
  "blacklist_entries",
  "console_settings",
  "content_entries",
  "content_translations",
  "currencies",
  "currency_fields",
  "currency_held",
  "currency_pairs",
  "low_reserve_warnings",
  "mail_outbox",
  "monitor_offers",
  "operator_alerts",
  "operator_sessions",
  "operators",
  "order_events",
  "order_payment_targets",
  "order_payouts",
  "order_recalculations",
  "order_receipts",
  "order_refunds",
  "order_reviews",
  "order_risk_flags",
  "orders",
  "pair_rate_history",
  "pay_systems",
  "payment_transfers",
  "payment_watches",
  "rate_limits",
  "rate_quotes",
  "rate_quotes_latest",
  "rate_sources",
  "reserve_holds",
  "seen_signatures",
  "user_sessions",
  "user_templates",
  "user_tokens",
  "user_totp",
  "user_wallets",
  "users",
  "xpub_counters",
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

  it("carry the held totals over to currency_held (0007) and drop the old column", async () => {
    const test = await createTestDatabase({ migrate: false });
    opened.push(test);
    const before0007 = migrationsUpTo("0006_mail_content");
    try {
      await migrateDatabase(test, { migrationsFolder: before0007 });
    } finally {
      rmSync(before0007, { recursive: true, force: true });
    }
    await test.db.execute(sql`insert into pay_systems (name, icon) values ('Bank', '/b.svg')`);
    await test.db.execute(sql`
      insert into currencies (pay_system_id, currency_code, url_xml, kind, reserve, held,
        reserve_name)
      select id, code, code, 'bank', 1000, held, code from pay_systems,
        (values ('HELD', 12.5), ('NONE', 0)) as c(code, held)`);
    await migrateDatabase(test);
    const held = await test.db.execute<{ url_xml: string; held: string }>(
      sql`select c.url_xml, h.held::text as held from currency_held h
        join currencies c on c.id = h.currency_id order by 1`,
    );
    expect(held.rows).toEqual([{ url_xml: "HELD", held: "12.500000000000000000" }]);
    const column = await test.db.execute(
      sql`select 1 from information_schema.columns
        where table_name = 'currencies' and column_name = 'held'`,
    );
    expect(column.rows).toEqual([]);
  });

  it("mark the placeholder targets of a demo seeded before 0008, and nothing else", async () => {
    const test = await createTestDatabase({ migrate: false });
    opened.push(test);
    const before0008 = migrationsUpTo("0007_currency_held_table");
    try {
      await migrateDatabase(test, { migrationsFolder: before0008 });
    } finally {
      rmSync(before0008, { recursive: true, force: true });
    }
    await test.db.execute(sql`insert into pay_systems (name, icon) values ('Coin', '/c.svg')`);
    // BTC still has the demo's address; LTC's was replaced by the operator; XRP has a demo
    // address under a code the demo never gave it.
    await test.db.execute(sql`
      insert into currencies (pay_system_id, currency_code, url_xml, kind, reserve_name,
        payment_target)
      select id, code, code, 'crypto', code, target from pay_systems,
        (values ('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'),
          ('LTC', 'ltc1qoperatorsownaddress'),
          ('XRP', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'),
          ('NONE', null)) as c(code, target)`);
    await migrateDatabase(test);
    const flags = await test.db.execute<{ url_xml: string; payment_target_demo: boolean }>(
      sql`select url_xml, payment_target_demo from currencies order by url_xml`,
    );
    expect(flags.rows).toEqual([
      { url_xml: "BTC", payment_target_demo: true },
      { url_xml: "LTC", payment_target_demo: false },
      { url_xml: "NONE", payment_target_demo: false },
      { url_xml: "XRP", payment_target_demo: false },
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

/** A copy of the committed migrations up to and including `tag`, as an older release had them. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "obmen-migrations-"));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
