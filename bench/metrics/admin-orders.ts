import { createHash } from "node:crypto";
import type { Request } from "autocannon";
import { captureResponse, startBaselineServer } from "../lib/baseline.ts";
import { type LoadProfile, measureLoad } from "../lib/load.ts";
import { createScratchDatabase, withDatabase } from "../lib/postgres.ts";
import type { MetricResult } from "../lib/result.ts";
import { startObmen } from "../lib/server-process.ts";

const PATH = "/admin/api/orders";
const NAME = "admin_orders_p99_ms";
/** Issue 14: the order queue, filters and search, over 1,000,000 orders at 8 connections. */
const TOTAL_ORDERS = 1_000_000;
const MAX_P99_MS = 50;
export const ADMIN_ORDERS_TARGET = `p99 ≤ ${MAX_P99_MS} ms (8 connections, ${TOTAL_ORDERS.toLocaleString("en")} orders)`;

/** A console session of our own making (32 base32 characters); the bench writes its hash. */
const SESSION_TOKEN = "benchconsolesessiontokenaaaaaaaa";
const COOKIE = `obmen_admin_session=${SESSION_TOKEN}`;
/** Every 10th order is waiting (`new` or `paid`), a few are being handled, most are closed. */
const STATUSES = [
  "completed",
  "new",
  "expired",
  "completed",
  "cancelled",
  "paid",
  "completed",
  "processing",
  "expired",
  "completed",
];

/**
 * `admin_orders_p99_ms` (PostgreSQL): `GET /admin/api/orders` as operators use it, over HTTP
 * with an operator's session cookie, at 8 connections, on a scratch database of 1,000,000
 * orders written by one `INSERT … SELECT generate_series` (100,000 customers with 10 orders each,
 * every pair, a year of time, a card number per order). Requests rotate through the queue's
 * first page, a status filter, a later page of closed orders, and searches by a whole number,
 * a number's start, an e-mail's start, an amount and a card pasted with spaces. The baseline,
 * measured in the same run, is bare node:http sending the first page's bytes: the ratio is
 * the queue's p99 over its p99.
 */
export async function measureAdminOrders(profile: LoadProfile): Promise<MetricResult> {
  const database = await createScratchDatabase("console");
  try {
    const server = await startObmen({ engine: "postgres", databaseUrl: database.url });
    try {
      const seeded = await seedQueue(database.url);
      const paths = queuePaths(seeded.sampleIds);
      const perPath = await timeEachPath(server.url, paths);
      const captured = await captureResponse(`${server.url}${PATH}`, {
        headers: { cookie: COOKIE },
      });
      const first = JSON.parse(captured.body.toString("utf8")) as {
        data: { items: unknown[]; total_capped: boolean };
      };
      // A million orders: the count stops at its limit and says there are more (decision 038).
      if (!first.data.total_capped || first.data.items.length === 0) {
        throw new Error(`the queue's first page is not a full page of a capped count`);
      }
      const subject = await measureLoad(
        { url: `${server.url}${PATH}`, requests: rotate(paths) },
        profile,
      );
      const baselineServer = await startBaselineServer(captured);
      let baseline: Awaited<ReturnType<typeof measureLoad>>;
      try {
        baseline = await measureLoad(
          { url: `${baselineServer.url}${PATH}`, requests: rotate(paths) },
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
        baseline:
          "bare node:http, the first page's bytes (its p99; ratio = queue p99 / baseline p99)",
        baseline_value: baseline.p99Ms,
        ratio,
        target: ADMIN_ORDERS_TARGET,
        pass: subject.p99Ms <= MAX_P99_MS,
        details: {
          p99_ms: subject.p99Ms,
          rps: subject.rps,
          baseline_rps: baseline.rps,
          connections: profile.connections,
          orders: TOTAL_ORDERS,
          insert_seconds: seeded.insertSeconds,
          single_request_ms: perPath,
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

/** The operator, their session, and the million orders; a few of their numbers to search. */
async function seedQueue(url: string) {
  return withDatabase(url, async (client) => {
    const operator = await client.query<{ id: string }>(
      `insert into operators (email, password_hash, role)
       values ('bench-operator@obmen.example', 'bench: never signs in with a password', 'operator')
       returning id`,
    );
    const tokenHash = createHash("sha256").update(SESSION_TOKEN).digest("hex");
    await client.query(
      `insert into operator_sessions (operator_id, token_hash, expires_at)
       values ($1, $2, now() + interval '12 hours')`,
      [operator.rows[0]!.id, tokenHash],
    );
    const started = performance.now();
    // One statement: every pair in turn, statuses in turn, an order every 30 seconds back in
    // time, amounts from 10 to 1,859.63 in 5,000 steps, a card number unique to the order.
    await client.query(
      `insert into orders (id, pair_id, send_currency_id, receive_currency_id, status,
         send_amount, receive_amount, send_rate, receive_rate, comission_amount, send_rate_real,
         receive_rate_real, email, locale, fields, created_at, expires_at, updated_at)
       select gen_random_uuid(), p.id, p.send_currency_id, p.receive_currency_id,
         ($1::text[])[1 + i % 10],
         10 + (i % 5000) * 0.37, 7700, p.send_rate, p.receive_rate, p.comission_amount,
         p.send_rate_real, p.receive_rate_real,
         'customer' || (i % 100000) || '@example.com', 'ru',
         jsonb_build_array(jsonb_build_object('key', 'receive_card_number',
           'value', (4000000000000000 + i)::text)),
         now() - i * interval '30 seconds',
         now() - i * interval '30 seconds' + interval '30 minutes', now()
       from generate_series(1, $2::int) as i
       join (select row_number() over (order by id) - 1 as n, * from currency_pairs) p
         on p.n = i % (select count(*) from currency_pairs)`,
      [STATUSES, TOTAL_ORDERS],
    );
    const insertSeconds = Math.round((performance.now() - started) / 100) / 10;
    // As autovacuum would after such a load: statistics, and a visibility map for counts.
    await client.query("vacuum analyze orders");
    const sample = await client.query<{ id: string }>(
      "select id from orders order by created_at desc offset 1000 limit 20",
    );
    return { insertSeconds, sampleIds: sample.rows.map((row) => row.id) };
  });
}

/** The queue as operators use it, each request named by its kind: pages and filters, searches. */
function queuePaths(sampleIds: string[]): [kind: string, path: string][] {
  // A card as operators paste it, in groups of four.
  const card = (n: number) =>
    String(4000000000000000 + n)
      .match(/.{4}/g)!
      .join(" ");
  const searches = sampleIds.flatMap((id, i): [string, string][] => [
    ["whole number", `q=${id}`],
    ["number's start", `q=${id.slice(0, 8)}`],
    ["e-mail's start", `q=${encodeURIComponent(`customer${1000 + i * 37}@`)}`],
    ["amount", `q=${(10 + ((i * 131) % 5000) * 0.37).toFixed(2)}`],
    ["card with spaces", `q=${encodeURIComponent(card(5000 + i * 997))}`],
  ]);
  const listings: [string, string][] = [
    ["first page", ""],
    ["status paid", "status=paid"],
    ["status new, page 2", "status=new&page=2"],
    ["status completed, page 3", "status=completed&page=3"],
    ["page 2", "page=2"],
  ];
  return [...listings, ...searches].map(([kind, query]) => [
    kind,
    query ? `${PATH}?${query}` : PATH,
  ]);
}

/** Each request once, alone: the slowest of each kind says which kind is slow. */
async function timeEachPath(baseUrl: string, paths: [string, string][]) {
  const kinds: Record<string, number> = {};
  for (const [kind, path] of paths) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie: COOKIE } });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    await response.arrayBuffer();
    kinds[kind] = Math.max(kinds[kind] ?? 0, Math.round(performance.now() - started));
  }
  return kinds;
}

/** Requests for autocannon: the paths in turn, each with the operator's cookie. */
function rotate(paths: [string, string][]): () => Request[] {
  return () =>
    paths.map(([, path]) => ({ method: "GET", path, headers: { cookie: COOKIE } }) as Request);
}
