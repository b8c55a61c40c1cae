import { createHash } from "node:crypto";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import type { Request } from "autocannon";
import { captureResponse, startBaselineServer } from "../lib/baseline.ts";
import { type LoadProfile, measureLoad } from "../lib/load.ts";
import { createScratchDatabase, withDatabase } from "../lib/postgres.ts";
import type { MetricResult } from "../lib/result.ts";
import { BENCH_CLIENT, startObmen } from "../lib/server-process.ts";

const PATH = "/rest/user/exchange/list";
const NAME = "account_history_p99_ms";
/** Issue 13: the history of a user with 200 orders among 1,000,000, at 16 connections. */
const TOTAL_ORDERS = 1_000_000;
const USER_ORDERS = 200;
const MAX_P99_MS = 20;
export const HISTORY_TARGET = `p99 ≤ ${MAX_P99_MS} ms (16 connections, ${USER_ORDERS} of ${TOTAL_ORDERS.toLocaleString("en")} orders)`;

const USER_EMAIL = "bench-history@example.com";
/** A session token of our own making: the bench writes its hash, as login would. */
const SESSION_TOKEN = "benchhistorysessiontoken00000000";

/**
 * `account_history_p99_ms` (PostgreSQL): `/rest/user/exchange/list` of a signed-in user with
 * 200 orders in a database of 1,000,000, over HTTP with signed envelopes, pages 1 to 10 in turn,
 * at 16 connections. The orders are written by one `INSERT … SELECT generate_series` into a
 * scratch database of their own (dropped afterwards): 100,000 other customers with 10 orders
 * each, spread over every pair and a year of time; the user's 200 every 5,000th row, half of
 * them typed in another case. The baseline, measured in the same run, is bare node:http sending
 * the same answer's bytes to the same requests: the ratio is the history's p99 over its p99.
 */
export async function measureAccountHistory(profile: LoadProfile): Promise<MetricResult> {
  const database = await createScratchDatabase("history");
  try {
    const server = await startObmen({ engine: "postgres", databaseUrl: database.url });
    try {
      const seeded = await seedHistory(database.url);
      const requests = historyRequests();
      const init = sealedInit(1, Date.now(), "192.0.2.1");
      const captured = await captureResponse(`${server.url}${PATH}`, init);
      const first = JSON.parse(captured.body.toString("utf8")) as { data: { total: number } };
      if (first.data.total !== USER_ORDERS) {
        throw new Error(`the history shows ${first.data.total} orders, not ${USER_ORDERS}`);
      }
      const subject = await measureLoad({ url: `${server.url}${PATH}`, requests }, profile);
      const baselineServer = await startBaselineServer(captured);
      let baseline: Awaited<ReturnType<typeof measureLoad>>;
      try {
        baseline = await measureLoad(
          { url: `${baselineServer.url}${PATH}`, requests: historyRequests() },
          profile,
        );
      } finally {
        await baselineServer.stop();
      }
      const ratio = Math.round((subject.p99Ms / Math.max(baseline.p99Ms, 1)) * 100) / 100;
      return {
        name: NAME,
        engine: "postgres",
        value: subject.p99Ms,
        unit: "ms",
        baseline: "bare node:http, same bytes (its p99; ratio = history p99 / baseline p99)",
        baseline_value: baseline.p99Ms,
        ratio,
        target: HISTORY_TARGET,
        pass: subject.p99Ms <= MAX_P99_MS,
        details: {
          p99_ms: subject.p99Ms,
          rps: subject.rps,
          baseline_rps: baseline.rps,
          connections: profile.connections,
          orders: TOTAL_ORDERS,
          user_orders: USER_ORDERS,
          insert_seconds: seeded.insertSeconds,
          sql_page_ms: seeded.sqlPageMs,
          plan_uses_index: seeded.planUsesIndex,
          rounds: subject.rounds,
        },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

/** The user, their session, and the million orders; then what PostgreSQL does with the page. */
async function seedHistory(url: string) {
  return withDatabase(url, async (client) => {
    const user = await client.query<{ id: string }>(
      `insert into users (email, password_hash, email_confirmed_at)
       values ($1, 'bench: never signs in with a password', now()) returning id`,
      [USER_EMAIL],
    );
    const tokenHash = createHash("sha256").update(SESSION_TOKEN).digest("hex");
    await client.query(
      `insert into user_sessions (user_id, token_hash, expires_at)
       values ($1, $2, now() + interval '30 days')`,
      [user.rows[0]!.id, tokenHash],
    );
    const started = performance.now();
    // One statement: every pair in turn, statuses in turn, an order every 30 seconds back in time.
    await client.query(
      `insert into orders (id, pair_id, send_currency_id, receive_currency_id, status,
         send_amount, receive_amount, send_rate, receive_rate, comission_amount, send_rate_real,
         receive_rate_real, email, locale, created_at, expires_at, updated_at)
       select gen_random_uuid(), p.id, p.send_currency_id, p.receive_currency_id,
         (array['completed', 'expired', 'cancelled', 'paid', 'processing'])[1 + i % 5],
         100, 7700, p.send_rate, p.receive_rate, p.comission_amount, p.send_rate_real,
         p.receive_rate_real,
         case when i % $2 = 0 then (case when i % (2 * $2) = 0 then upper($1) else $1 end)
              else 'customer' || (i % 100000) || '@example.com' end,
         'ru', now() - i * interval '30 seconds',
         now() - i * interval '30 seconds' + interval '30 minutes', now()
       from generate_series(1, $3::int) as i
       join (select row_number() over (order by id) - 1 as n, * from currency_pairs) p
         on p.n = i % (select count(*) from currency_pairs)`,
      [USER_EMAIL, TOTAL_ORDERS / USER_ORDERS, TOTAL_ORDERS],
    );
    const insertSeconds = Math.round((performance.now() - started) / 100) / 10;
    await client.query("analyze orders");
    const plan = await client.query<{ "QUERY PLAN": unknown }>(
      `explain (analyze, format json)
       select id from orders where lower(email) = $1
       order by created_at desc, id desc limit 20 offset 180`,
      [USER_EMAIL],
    );
    const planJson = JSON.stringify(plan.rows[0]!["QUERY PLAN"]);
    const executionMs = (plan.rows[0]!["QUERY PLAN"] as { "Execution Time": number }[])[0]!;
    return {
      insertSeconds,
      sqlPageMs: Math.round(executionMs["Execution Time"] * 1000) / 1000,
      planUsesIndex: planJson.includes("orders_email_created_idx"),
    };
  });
}

/**
 * One sealed signed POST: the user's session token in the envelope. Each envelope has its own
 * timestamp (replays are refused), stepping back a millisecond per envelope from `now`.
 */
function sealedInit(page: number, now: number, ip: string) {
  const { envelope, timestamp } = sealEnvelope({
    payload: { page },
    publicKey: BENCH_CLIENT.publicKey,
    secret: BENCH_CLIENT.secret,
    ip,
    lang: "ru",
    userAuthToken: SESSION_TOKEN,
    now,
  });
  return {
    method: "POST",
    body: JSON.stringify(envelope),
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
  };
}

/** Requests for autocannon, pages 1..10 in turn, a fresh pool of envelopes per run. */
function historyRequests(): () => Request[] {
  let pools = 0;
  return () => {
    const ip = `203.0.113.${(pools++ % 250) + 1}`;
    const sealedAt = Date.now();
    const pool = Array.from({ length: 100_000 }, (_, i) =>
      sealedInit(1 + (i % (USER_ORDERS / 20)), sealedAt - i, ip),
    );
    let used = 0;
    return [
      {
        method: "POST",
        path: PATH,
        setupRequest: (request) => {
          const sealed =
            used < pool.length
              ? pool[used]!
              : sealedInit(1 + (used % 10), Date.now(), `198.51.100.${(used % 250) + 1}`);
          used++;
          return { ...request, ...sealed, method: "POST", path: PATH };
        },
      },
    ];
  };
}
