import { type CurrencyPairEntry, pairLimits } from "@obmen/contracts";
import { createForm } from "../../apps/api/test/support/orders.ts";
import { signedInit, signedRequests } from "../lib/envelopes.ts";
import { type LoadProfile, type LoadResult, measureLoad } from "../lib/load.ts";
import { copyDatabase, createScratchDatabase, withDatabase } from "../lib/postgres.ts";
import { type MetricResult, ratioResult } from "../lib/result.ts";
import type { ObmenProcess } from "../lib/server-process.ts";
import { type PgbenchDirection, type PgbenchResult, runPgbench } from "./order-create-pgbench.ts";

const PATH = "/rest/exchange/create";
/** So no round runs out of reserve, whatever the box's rate. */
const HUGE_RESERVE = "1000000000000";
/** The hot direction: every order queues on one receive currency's row lock. */
const HOT_PAIR = { from: "USDTTRC20", to: "SBERRUB" };

type Form = ReturnType<typeof createForm>;
interface Direction {
  pair: CurrencyPairEntry;
  form: Form;
  probe: { orderId: string; sendAmount: string; receiveAmount: string };
}

/**
 * `/rest/exchange/create` on PostgreSQL at the profile's connections (32), each request with its
 * own idempotency key, against pgbench running the same transaction on a scratch copy of the
 * database (see order-create-pgbench.ts).
 *
 * The figure is for a rush spread over every direction of the catalogue, round-robin, as many
 * customers create orders: orders for one receive currency serialize on its row lock by design,
 * different currencies do not. pgbench gets the same spread (a script per receive currency,
 * weighted by its share). The details add the worst case, all 32 connections on one direction
 * (USDT TRC20 → Sberbank), for both, where throughput is one over the lock's hold time and
 * latency is the queue: 32 × that time, for pgbench too.
 */
export async function measureOrderCreate(options: {
  server: ObmenProcess;
  databaseUrl: string;
  profile: LoadProfile;
  pgbench: string;
}): Promise<MetricResult> {
  const { server, profile } = options;
  const directions = await prepareDirections(server, options.databaseUrl);
  const hot = directions.filter(
    ({ pair }) =>
      pair.currency_pair.send_currency.url_xml === HOT_PAIR.from &&
      pair.currency_pair.receive_currency.url_xml === HOT_PAIR.to,
  );
  if (hot.length !== 1) throw new Error(`the catalogue has no ${HOT_PAIR.from}→${HOT_PAIR.to}`);

  // The scratch copy for pgbench, taken before the load so both start from the same data.
  const scratch = await createScratchDatabase("pgbench");
  try {
    await copyDatabase(options.databaseUrl, scratch.url);
    const runTag = Date.now().toString(36);
    const measure = async (over: Direction[], tag: string) => {
      const subject = await loadServer(server, over, `${runTag}-${tag}`, profile);
      const baseline = await runPgbench({
        pgbench: options.pgbench,
        databaseUrl: scratch.url,
        profile,
        directions: pgbenchDirections(over),
      });
      return { subject, baseline };
    };
    const spread = await measure(directions, "spread");
    const single = await measure(hot, "hot");
    return ratioResult({
      name: "order_create_rps",
      engine: server.engine,
      value: spread.subject.rps,
      unit: "req/s",
      baseline: "pgbench, same transaction and spread, scratch copy",
      baselineValue: spread.baseline.tps,
      minRatio: 0.3,
      p99Ms: spread.subject.p99Ms,
      maxP99Ms: 50,
      details: {
        spread: `${directions.length} pairs round-robin, ${new Set(directions.map(receiveIdOf)).size} receive currencies`,
        connections: profile.connections,
        ...baselineDetails(spread.baseline),
        rounds: spread.subject.rounds,
        hot_direction: {
          pair: `${HOT_PAIR.from}→${HOT_PAIR.to}`,
          rps: single.subject.rps,
          p99_ms: single.subject.p99Ms,
          ...baselineDetails(single.baseline),
          ratio: Math.round((single.subject.rps / single.baseline.tps) * 1_000) / 1_000,
        },
      },
    });
  } finally {
    await scratch.drop();
  }
}

function baselineDetails(baseline: PgbenchResult) {
  return {
    baseline_tps: Math.round(baseline.tps),
    baseline_p99_ms: baseline.p99Ms,
    baseline_latency_avg_ms: baseline.latencyAvgMs,
    baseline_rounds: baseline.rounds,
  };
}

const receiveIdOf = (direction: Direction) => direction.pair.currency_pair.receive_currency.id;

/**
 * Every pair of the catalogue with a correctly filled form (its minimum amount), each proven
 * by one real order: a pair the bench cannot order is a finding, not something to skip.
 */
async function prepareDirections(server: ObmenProcess, databaseUrl: string): Promise<Direction[]> {
  const response = await fetch(`${server.url}/rest/currency_pair/list`, signedInit());
  const pairs = ((await response.json()) as { data: CurrencyPairEntry[] }).data;
  if (pairs.length === 0) throw new Error("the catalogue has no pairs");
  const receiveIds = [...new Set(pairs.map((pair) => pair.currency_pair.receive_currency.id))];
  await withDatabase(databaseUrl, async (client) => {
    await client.query("update currencies set reserve = $1 where id = any($2)", [
      HUGE_RESERVE,
      receiveIds,
    ]);
    await client.query("select pg_notify('obmen_catalogue', '')");
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  // The list again: the form's amounts are quoted against the reserve now in the cache.
  const fresh = await fetch(`${server.url}/rest/currency_pair/list`, signedInit());
  const entries = ((await fresh.json()) as { data: CurrencyPairEntry[] }).data;

  const directions: Direction[] = [];
  for (const pair of entries) {
    // The smallest order the pair takes (its resolved limits), as a calculator's default.
    const form = createForm(pair, { send_amount: pairLimits(pair).minSend });
    const probe = await fetch(
      `${server.url}${PATH}`,
      signedInit({ ...form, idempotency_key: `probe-${pair.id}-${Date.now()}` }),
    );
    const body = await probe.text();
    if (probe.status !== 200) throw new Error(`a probe order for pair ${pair.id} failed: ${body}`);
    const orderId = (JSON.parse(body) as { data: { exchange_uuid: string } }).data.exchange_uuid;
    const amounts = await withDatabase(databaseUrl, (client) =>
      client.query<{ send_amount: string; receive_amount: string }>(
        "select send_amount::text, receive_amount::text from orders where id = $1",
        [orderId],
      ),
    );
    const row = amounts.rows[0]!;
    directions.push({
      pair,
      form,
      probe: { orderId, sendAmount: row.send_amount, receiveAmount: row.receive_amount },
    });
  }
  return directions;
}

/** Round-robin over the directions, each request with its own key and envelope. */
function loadServer(
  server: ObmenProcess,
  directions: Direction[],
  tag: string,
  profile: LoadProfile,
): Promise<LoadResult> {
  return measureLoad(
    {
      url: `${server.url}${PATH}`,
      requests: signedRequests({
        path: PATH,
        poolSize: 2_000 * profile.durationSeconds,
        payloadFor: (index) => ({
          ...directions[index % directions.length]!.form,
          idempotency_key: `bench-${tag}-${index}`,
        }),
      }),
    },
    profile,
  );
}

/** One pgbench script per receive currency (its first pair), weighted by its pairs' share. */
function pgbenchDirections(directions: Direction[]): PgbenchDirection[] {
  const byCurrency = new Map<number, PgbenchDirection>();
  for (const { pair, probe } of directions) {
    const receiveCurrencyId = pair.currency_pair.receive_currency.id;
    const known = byCurrency.get(receiveCurrencyId);
    if (known) known.weight++;
    else
      byCurrency.set(receiveCurrencyId, {
        pairId: pair.id,
        receiveCurrencyId,
        sendAmount: probe.sendAmount,
        receiveAmount: probe.receiveAmount,
        weight: 1,
        probeOrderId: probe.orderId,
      });
  }
  return [...byCurrency.values()];
}
