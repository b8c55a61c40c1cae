import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { CurrencyPairEntry } from "@obmen/contracts";
import { createForm } from "../../apps/api/test/support/orders.ts";
import { onCleanup } from "../lib/cleanup.ts";
import { signedInit, signedRequests } from "../lib/envelopes.ts";
import { type LoadProfile, measureLoad } from "../lib/load.ts";
import { copyDatabase, createScratchDatabase, withDatabase } from "../lib/postgres.ts";
import { type MetricResult, ratioResult } from "../lib/result.ts";
import type { ObmenProcess } from "../lib/server-process.ts";

const run = promisify(execFile);
const PATH = "/rest/exchange/create";
/** So no round runs out of reserve, whatever the box's rate. */
const HUGE_RESERVE = "1000000000000";

/**
 * `/rest/exchange/create` on PostgreSQL at the profile's connections (32), each request with its
 * own idempotency key, against pgbench running the same transaction on a scratch copy of the
 * database: lock the receive currency, sum its holds, insert order, hold and event.
 */
export async function measureOrderCreate(options: {
  server: ObmenProcess;
  databaseUrl: string;
  profile: LoadProfile;
  pgbench: string;
}): Promise<MetricResult> {
  const { server, profile } = options;
  const pair = await pickPair(server);
  const receiveId = pair.currency_pair.receive_currency.id;
  await withDatabase(options.databaseUrl, async (client) => {
    await client.query("update currencies set reserve = $1 where id = $2", [
      HUGE_RESERVE,
      receiveId,
    ]);
    await client.query("select pg_notify('obmen_catalogue', '')");
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const form = createForm(pair);
  const probe = await fetch(
    `${server.url}${PATH}`,
    signedInit({ ...form, idempotency_key: `probe-${Date.now()}` }),
  );
  if (probe.status !== 200)
    throw new Error(`a probe order failed: ${probe.status} ${await probe.text()}`);

  // The scratch copy for pgbench, taken before the load so both start from the same data.
  const scratch = await createScratchDatabase("pgbench");
  try {
    await copyDatabase(options.databaseUrl, scratch.url);
    const runTag = Date.now().toString(36);
    const subject = await measureLoad(
      {
        url: `${server.url}${PATH}`,
        requests: signedRequests({
          path: PATH,
          poolSize: 2_000 * profile.durationSeconds,
          payloadFor: (index) => ({ ...form, idempotency_key: `bench-${runTag}-${index}` }),
        }),
      },
      profile,
    );
    const baseline = await runPgbench({
      pgbench: options.pgbench,
      databaseUrl: scratch.url,
      profile,
      pairId: pair.id,
      sendCurrencyId: pair.currency_pair.send_currency.id,
      receiveCurrencyId: receiveId,
      sendAmount: String(form.send_amount),
    });
    return ratioResult({
      name: "order_create_rps",
      engine: server.engine,
      value: subject.rps,
      unit: "req/s",
      baseline: "pgbench, same transaction, scratch copy",
      baselineValue: baseline.tps,
      minRatio: 0.3,
      p99Ms: subject.p99Ms,
      maxP99Ms: 50,
      details: {
        pair: `${pair.currency_pair.send_currency.url_xml}→${pair.currency_pair.receive_currency.url_xml}`,
        connections: profile.connections,
        baseline_latency_avg_ms: baseline.latencyAvgMs,
        baseline_rounds: baseline.rounds,
        rounds: subject.rounds,
      },
    });
  } finally {
    await scratch.drop();
  }
}

async function pickPair(server: ObmenProcess): Promise<CurrencyPairEntry> {
  const response = await fetch(`${server.url}/rest/currency_pair/list`, signedInit());
  const pairs = ((await response.json()) as { data: CurrencyPairEntry[] }).data;
  // A fiat payout with plain fields (a card, a name): the commonest order on an exchanger.
  const preferred = pairs.find(
    (p) =>
      p.currency_pair.send_currency.url_xml === "USDTTRC20" &&
      p.currency_pair.receive_currency.url_xml === "SBERRUB",
  );
  const pair = preferred ?? pairs[0];
  if (!pair) throw new Error("the catalogue has no pairs");
  return pair;
}

/** The app's create transaction as a pgbench script (see create-exchange.ts). */
function pgbenchScript(): string {
  return `
SELECT gen_random_uuid() AS order_id \\gset
BEGIN;
SELECT p.*, c.reserve FROM currency_pairs p JOIN currencies c ON c.id = p.receive_currency_id
  WHERE p.id = :pair_id AND p.active AND c.active FOR UPDATE OF c;
SELECT coalesce(sum(amount), 0)::text FROM reserve_holds WHERE currency_id = :receive_id AND state = 'held';
INSERT INTO orders (id, pair_id, send_currency_id, receive_currency_id, status, send_amount,
  receive_amount, send_rate, receive_rate, comission_amount, send_rate_real, receive_rate_real,
  email, locale, fields, client_ip, idempotency_key, created_at, expires_at)
  SELECT ':order_id', p.id, p.send_currency_id, p.receive_currency_id, 'new', ':send_amount',
    1, p.send_rate, p.receive_rate, p.comission_amount, p.send_rate_real, p.receive_rate_real,
    'customer@example.com', 'ru', '[{"key":"card","value":"4111111111111111"}]'::jsonb,
    '203.0.113.7', 'pgbench-:order_id', now(), now() + interval '30 minutes'
  FROM currency_pairs p WHERE p.id = :pair_id;
INSERT INTO reserve_holds (order_id, currency_id, amount, state) VALUES (':order_id', :receive_id, 1, 'held');
INSERT INTO order_events (order_id, status, actor_kind, created_at) VALUES (':order_id', 'new', 'customer', now());
COMMIT;
`;
}

async function runPgbench(options: {
  pgbench: string;
  databaseUrl: string;
  profile: LoadProfile;
  pairId: number;
  sendCurrencyId: number;
  receiveCurrencyId: number;
  sendAmount: string;
}): Promise<{ tps: number; latencyAvgMs: number; rounds: number[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), "obmen-bench-pgbench-"));
  const removeDir = onCleanup(`pgbench dir ${dir}`, () =>
    rmSync(dir, { recursive: true, force: true }),
  );
  try {
    const script = path.join(dir, "create-order.sql");
    writeFileSync(script, pgbenchScript());
    const once = async (seconds: number) => {
      const { stdout } = await run(
        options.pgbench,
        [
          "-n",
          "-c",
          String(options.profile.connections),
          "-j",
          "2",
          "-T",
          String(seconds),
          "-D",
          `pair_id=${options.pairId}`,
          "-D",
          `receive_id=${options.receiveCurrencyId}`,
          "-D",
          `send_amount=${options.sendAmount}`,
          "-f",
          script,
          options.databaseUrl,
        ],
        { timeout: (seconds + 30) * 1_000 },
      );
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
      const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
      const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
      if (!Number.isFinite(tps) || failed > 0) throw new Error(`pgbench: ${stdout.slice(-1_000)}`);
      return { tps, latency };
    };
    if (options.profile.warmupSeconds > 0) await once(options.profile.warmupSeconds);
    const rounds = [];
    for (let i = 0; i < options.profile.rounds; i++)
      rounds.push(await once(options.profile.durationSeconds));
    const median = [...rounds].sort((a, b) => a.tps - b.tps)[Math.floor(rounds.length / 2)]!;
    return {
      tps: median.tps,
      latencyAvgMs: median.latency,
      rounds: rounds.map((r) => Math.round(r.tps)),
    };
  } finally {
    await removeDir();
  }
}
