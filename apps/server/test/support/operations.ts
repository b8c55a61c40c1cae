import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "@obmen/db";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { createForm, findPair } from "../../../api/test/support/orders.ts";
import { type CurrencyPairEntry, type ServerProcess, signedCall } from "./server-process.ts";

/** Helpers of the operations tests (issue 17): the CLIs as an operator runs them, and load. */

const cliFolder = new URL("../../src/cli/", import.meta.url);

/** `npm run backup` / `npm run restore` as a process of its own; resolves its exit and output. */
export function runCli(
  name: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL(`${name}.ts`, cliFolder)), ...args],
      {
        env: { ...process.env, DATABASE_URL: "", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/** SIGTERM, as systemd or compose stops a service; resolves the exit code. */
export async function stopGracefully(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = new Promise<number | null>((resolve) =>
    server.child.once("exit", (code) => resolve(code)),
  );
  server.child.kill("SIGTERM");
  return exited;
}

export async function demoPair(url: string): Promise<CurrencyPairEntry> {
  const list = await signedCall(url, "/rest/currency_pair/list", {});
  expect(list?.status).toBe(200);
  // Into roubles: the demo's largest reserve (18.5 million), enough for every order here.
  return findPair(list!.body.data, "USDTTRC20", "SBERRUB");
}

/** The receive currency's available reserve as the API reports it (reserve − held). */
export async function availableReserve(url: string): Promise<string> {
  return (await demoPair(url)).currency_pair.receive_currency.currency_in_services.reserve.reserve;
}

/**
 * Creates one order with a fresh idempotency key; when the connection fails (refused, reset:
 * the replica is stopping or gone) it retries the same key on the next URL, as a proxy with
 * `proxy_next_upstream error` does, so a retry can never make a second order.
 */
export async function createOrderWithRetry(
  urls: () => string[],
  pair: CurrencyPairEntry,
  startAt: number,
): Promise<{ status: number; uuid?: string; attempts: number }> {
  const form = createForm(pair, { send_amount: "60", idempotency_key: randomUUID() });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const list = urls();
    const answer = await signedCall(
      list[(startAt + attempt) % list.length]!,
      "/rest/exchange/create",
      form,
    );
    if (answer === null) continue;
    return { status: answer.status, uuid: answer.body.data?.exchange_uuid, attempts: attempt + 1 };
  }
  throw new Error("no replica answered 50 attempts in a row");
}

/**
 * Every table of the application (public) and the migrations journal, each as a row count
 * and an md5 over its rows in a stable order: equal digests mean equal contents.
 */
export async function tableDigests(handle: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await handle.db.execute<{ schema: string; name: string }>(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
    order by 1, 2`);
  const digests: Record<string, string> = {};
  for (const { schema, name } of tables.rows) {
    const table = sql.raw(`"${schema}"."${name}"`);
    const result = await handle.db.execute<{ rows: number; digest: string }>(sql`
      select count(*)::int as rows,
        md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
      from ${table} t`);
    const row = result.rows[0]!;
    digests[`${schema}.${name}`] = `${row.rows} rows, ${row.digest}`;
  }
  return digests;
}

export async function orderIds(handle: DatabaseHandle): Promise<Map<string, string>> {
  const result = await handle.db.execute<{ id: string; receive: string; status: string }>(
    sql`select id, receive_amount::text as receive, status from orders`,
  );
  return new Map(result.rows.map((row) => [row.id, row.receive]));
}
