import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, migrateDatabase, migrationsFolder } from "@obmen/db";
import { sql } from "drizzle-orm";
import { expect } from "vitest";

/**
 * The release before the operator console and the affiliate programme (commit 9b33334,
 * migrations 0000–0014; 0015 onwards came after it): the schema an upgrade starts from. Its
 * migrations are today's first fifteen files, proven unedited by the SHA-256 each had in that
 * release (a released migration is never edited, only followed by new ones). Checked against
 * these digests rather than read from git history, so a shallow clone runs the test too.
 */
export const PREVIOUS_RELEASE = "9b3333457e683471f9512a00a7b84abed25adbaf";
const RELEASED_MIGRATIONS: Record<string, string> = {
  "0000_init.sql": "2adb34670fb416bf14f35b0fb65ef5cd644e0ad8d5f9c27cd57735dbae2ff4e2",
  "0001_mail_retry.sql": "7215807b9c4fe837ca670114927e7b5d104b7d50b8a43c22a2d8a73833da36a6",
  "0002_content.sql": "29e4a1477104cc3738db2a9e23dc168a2b7ab6ba8290339a172eccb31b0133fb",
  "0003_currency_held.sql": "164242ce7b42a1cb31e3179ae289509981eaca63bc05fcbf4ed29010d84a1ba9",
  "0004_create_order_function.sql":
    "8b5fb76ad28bb6e26f073c410e5650e8b3b3abadc5ac69de1bb4470bb74fd9f5",
  "0005_mail_lz4.sql": "1578fcb76a3bae907e38120a2eb0022db26d6f2e5679b13db4f52c94112f63d4",
  "0006_mail_content.sql": "448a873c5f1174e917af9ebe2568401738b4d5ca6ec40baaa65fa0f361de54fe",
  "0007_currency_held_table.sql":
    "d3bef9337786ce8150eaa54bf268908098db56105778cd92ed96c5ca2f057913",
  "0008_payment_target_demo.sql":
    "1d22401c39310515192a6b4e5f3921bf56b618abbf859233e9b1531cc8d9010a",
  "0009_create_order_demo_target.sql":
    "f69e39a27948a12351d801eb77bd526914943a0439f256078c1db4e5f610790c",
  "0010_accounts.sql": "b83f0e1ed2a0a1b973acee0f96e95f24c9fb9243986ab5db724bdd8217f71174",
  "0011_field_formats.sql": "1a40af599ccdbdbdfff220a851560ba5c5c36dccc4bb29b389d2a54513b5ea3f",
  "0012_pay_system_names.sql": "1f77794a463dbd3ad1cbb1f49249c8003f2c73ad85a95fbfd626da4fbb91dfd0",
  "0013_replay_signatures.sql": "993a420351b8f824d9388a5a850be269b0f73cd7b21249bc1ecfdedff3305597",
  "0014_account_data.sql": "1f60ad88b48345c169c73c4af52998a65f7e5db02f375e1e8f9b467ea3c2360d",
};

/**
 * The previous release's migrations folder, in a temporary directory: its migrations, each
 * byte for byte as released, and the journal's entries for them (a prefix of today's).
 */
export function previousReleaseMigrations(): { folder: string; count: number } {
  const folder = mkdtempSync(path.join(os.tmpdir(), "obmen-previous-release-"));
  mkdirSync(path.join(folder, "meta"));
  for (const [name, digest] of Object.entries(RELEASED_MIGRATIONS)) {
    const text = readFileSync(path.join(migrationsFolder, name));
    expect(createHash("sha256").update(text).digest("hex"), `${name} was edited`).toBe(digest);
    writeFileSync(path.join(folder, name), text);
  }
  const journal = currentJournal();
  const released = journal.entries.slice(0, Object.keys(RELEASED_MIGRATIONS).length);
  expect(released.map((entry) => `${entry.tag}.sql`)).toEqual(Object.keys(RELEASED_MIGRATIONS));
  expect(released.length).toBeLessThan(currentMigrationCount());
  writeFileSync(
    path.join(folder, "meta", "_journal.json"),
    JSON.stringify({ ...journal, entries: released }, null, 2),
  );
  return { folder, count: released.length };
}

function currentJournal(): { entries: { tag: string }[] } & Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"));
}

export function currentMigrationCount(): number {
  return currentJournal().entries.length;
}

/**
 * A database as the previous release left it: its migrations, a pair and one order, written
 * in SQL that release understood. Resolves the order's id.
 */
export async function preparePreviousRelease(handle: DatabaseHandle): Promise<string> {
  const { folder, count } = previousReleaseMigrations();
  await migrateDatabase(handle, { migrationsFolder: folder });
  expect(await appliedMigrations(handle)).toBe(count);
  // The release's own rows, in its own columns: today's seed code writes today's columns.
  await handle.db.execute(sql`
    with systems as (
      insert into pay_systems (name, icon) values ('Tether TRC20', 'tether'), ('Sberbank', 'sberbank')
      returning id, name
    ), money as (
      insert into currencies (pay_system_id, currency_code, url_xml, kind, decimals, reserve,
        reserve_name)
      select id, code, url, kind, places, reserve, label from systems join (values
        ('Tether TRC20', 'USDT', 'USDTTRC20', 'crypto', 6, 400000, 'USDT TRC20'),
        ('Sberbank', 'RUB', 'SBERRUB', 'bank', 2, 18500000, 'Sberbank RUB')
      ) as v(system, code, url, kind, places, reserve, label) on v.system = systems.name
      returning id, url_xml
    )
    insert into currency_pairs (send_currency_id, receive_currency_id, send_rate, receive_rate,
      send_rate_real, receive_rate_real)
    select s.id, r.id, 1, 90, 1, 92 from money s, money r
    where s.url_xml = 'USDTTRC20' and r.url_xml = 'SBERRUB'`);
  const order = await handle.db.execute<{ id: string }>(sql`
    insert into orders (pair_id, send_currency_id, receive_currency_id, send_amount,
      receive_amount, send_rate, receive_rate, comission_amount, send_rate_real,
      receive_rate_real, email, locale, expires_at)
    select p.id, p.send_currency_id, p.receive_currency_id, 100, 9000, p.send_rate,
      p.receive_rate, 0, p.send_rate_real, p.receive_rate_real, 'before-upgrade@example.com',
      'en', now() + interval '30 minutes'
    from currency_pairs p
      join currencies s on s.id = p.send_currency_id
      join currencies r on r.id = p.receive_currency_id
    where s.url_xml = 'USDTTRC20' and r.url_xml = 'SBERRUB'
    returning id`);
  const id = order.rows[0]!.id;
  await handle.db.execute(
    sql`insert into order_events (order_id, status, actor_kind) values (${id}, 'new', 'customer')`,
  );
  return id;
}

export async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute<{ applied: number; distinct: number }>(sql`
    select count(*)::int as applied, count(distinct hash)::int as distinct
    from drizzle.__drizzle_migrations`);
  const row = result.rows[0]!;
  expect(row.distinct, "no migration applied twice").toBe(row.applied);
  return row.applied;
}
