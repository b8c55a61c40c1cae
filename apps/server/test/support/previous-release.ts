import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DatabaseHandle, migrateDatabase, migrationsFolder } from "@obmen/db";
import { sql } from "drizzle-orm";
import { expect } from "vitest";

/**
 * The release before the operator console and the affiliate programme (migrations 0000–0014;
 * 0015–0017 came after it): the schema an upgrade starts from. Read from git history, not
 * copied into the tree, so the test also proves no released migration was edited since.
 */
export const PREVIOUS_RELEASE = "9b3333457e683471f9512a00a7b84abed25adbaf";
const DRIZZLE = "packages/db/drizzle";
const repository = fileURLToPath(new URL("../../../../", import.meta.url));

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: repository, encoding: "utf8", maxBuffer: 32 << 20 });
}

/**
 * The previous release's migrations folder, in a temporary directory. Each of its migrations
 * must be byte for byte the one the current release ships (forward-only: a released migration
 * is never edited, only followed by new ones), and its journal a prefix of the current one.
 */
export function previousReleaseMigrations(): { folder: string; count: number } {
  const folder = mkdtempSync(path.join(os.tmpdir(), "obmen-previous-release-"));
  mkdirSync(path.join(folder, "meta"));
  const files = git("ls-tree", "--name-only", `${PREVIOUS_RELEASE}:${DRIZZLE}/`)
    .split("\n")
    .filter((name) => name.endsWith(".sql"));
  for (const name of files) {
    const released = git("show", `${PREVIOUS_RELEASE}:${DRIZZLE}/${name}`);
    expect(readFileSync(path.join(migrationsFolder, name), "utf8"), name).toBe(released);
    writeFileSync(path.join(folder, name), released);
  }
  const journal = git("show", `${PREVIOUS_RELEASE}:${DRIZZLE}/meta/_journal.json`);
  writeFileSync(path.join(folder, "meta", "_journal.json"), journal);
  const released = JSON.parse(journal).entries as { tag: string }[];
  const current = currentMigrationCount();
  expect(released.length).toBeLessThan(current);
  expect(released.map((entry) => entry.tag)).toEqual(
    currentJournal()
      .entries.slice(0, released.length)
      .map((entry) => entry.tag),
  );
  return { folder, count: released.length };
}

function currentJournal(): { entries: { tag: string }[] } {
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
