import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { onCleanup } from "../lib/cleanup.ts";
import type { LoadProfile } from "../lib/load.ts";
import { withDatabase } from "../lib/postgres.ts";

const run = promisify(execFile);

/** One receive currency's share of the load, and a real order of it to copy mail and job from. */
export interface PgbenchDirection {
  pairId: number;
  receiveCurrencyId: number;
  sendAmount: string;
  receiveAmount: string;
  /** How many of the load's requests go to this receive currency (pgbench script weight). */
  weight: number;
  /** An order the server made for this pair: its e-mail and expiry job are copied per order. */
  probeOrderId: string;
}

export interface PgbenchResult {
  tps: number;
  latencyAvgMs: number;
  /** From pgbench's per-transaction log (`-l`), comparable with autocannon's p99. */
  p99Ms: number;
  rounds: number[];
}

/**
 * The app's create transaction (apps/api/src/exchange/create-exchange.ts), statement for
 * statement, in its order and over the same (extended) protocol, variables as parameters: read the pair and where to pay (no lock), insert the order, its
 * event, its e-mail (a copy of the probe order's real outbox row, same size) and its expiry
 * job (a copy of the probe's pg-boss row, in pg-boss's table), then lock the receive currency
 * and insert the hold only if open holds + amount fit the reserve. One script per receive
 * currency, weighted by its share of the app's load, so locks are contended as in the app.
 */
function pgbenchScript(direction: PgbenchDirection, mailId: number, job: ProbeJob): string {
  const { pairId, receiveCurrencyId: receiveId } = direction;
  return `
SELECT gen_random_uuid() AS order_id \\gset
BEGIN;
SELECT p.send_rate, p.receive_rate, p.comission_amount, p.send_rate_real, p.receive_rate_real,
    c.currency_code, c.kind, s.network_code, s.name, c.payment_target, c.payment_holder
  FROM currency_pairs p JOIN currencies c ON c.id = p.send_currency_id
  JOIN pay_systems s ON s.id = c.pay_system_id
  WHERE p.id = ${pairId} AND p.active AND c.active;
INSERT INTO orders (id, pair_id, send_currency_id, receive_currency_id, status, send_amount,
  receive_amount, send_rate, receive_rate, comission_amount, send_rate_real, receive_rate_real,
  email, locale, fields, client_ip, idempotency_key, created_at, expires_at)
  SELECT :order_id::uuid, p.id, p.send_currency_id, p.receive_currency_id, 'new', ${direction.sendAmount},
    ${direction.receiveAmount}, p.send_rate, p.receive_rate, p.comission_amount, p.send_rate_real,
    p.receive_rate_real, 'customer@example.com', 'ru',
    '[{"key":"card","value":"4111111111111111"}]'::jsonb, '203.0.113.7', 'pgbench-' || :order_id,
    now(), now() + interval '30 minutes'
  FROM currency_pairs p WHERE p.id = ${pairId} RETURNING *;
INSERT INTO order_events (order_id, status, actor_kind, created_at) VALUES (:order_id::uuid, 'new', 'customer', now());
INSERT INTO mail_outbox ("to", subject, text, html, locale, kind)
  SELECT "to", subject, text, html, locale, kind FROM mail_outbox WHERE id = ${mailId} RETURNING id;
INSERT INTO ${job.table} (name, data, priority, retry_limit, retry_delay, retry_backoff,
    expire_seconds, deletion_seconds, singleton_key, start_after, keep_until, policy)
  SELECT name, jsonb_build_object('orderId', :order_id::text), priority, retry_limit, retry_delay,
    retry_backoff, expire_seconds, deletion_seconds, :order_id::text, now() + interval '30 minutes',
    now() + interval '30 minutes' + interval '14 days', policy
  FROM ${job.table} WHERE name = '${job.name}' AND id = '${job.id}' RETURNING id;
SELECT reserve FROM currencies WHERE id = ${receiveId} AND active FOR NO KEY UPDATE \\gset
INSERT INTO reserve_holds (order_id, currency_id, amount, state)
  SELECT :order_id::uuid, ${receiveId}, ${direction.receiveAmount}, 'held'
  WHERE (SELECT coalesce(sum(amount), 0) FROM reserve_holds WHERE currency_id = ${receiveId} AND state = 'held')
    + ${direction.receiveAmount} <= :reserve::numeric
  RETURNING order_id;
COMMIT;
`;
}

interface ProbeJob {
  table: string;
  name: string;
  id: string;
}

/** Where the probe order's e-mail and expiry job are, in the database pgbench runs on. */
async function findProbeRows(
  databaseUrl: string,
  orderId: string,
): Promise<{ mailId: number; job: ProbeJob }> {
  return withDatabase(databaseUrl, async (client) => {
    const mail = await client.query<{ id: number }>(
      `select id from mail_outbox where kind = 'order_created' and text like '%' || $1 || '%'
        order by id desc limit 1`,
      [orderId],
    );
    const job = await client.query<{ table_name: string; name: string; id: string }>(
      `select q.table_name, j.name, j.id from pgboss.job j join pgboss.queue q on q.name = j.name
        where j.singleton_key = $1 limit 1`,
      [orderId],
    );
    const mailRow = mail.rows[0];
    const jobRow = job.rows[0];
    if (!mailRow || !jobRow) throw new Error(`probe order ${orderId} has no e-mail or expiry job`);
    return {
      mailId: mailRow.id,
      job: { table: `pgboss.${jobRow.table_name}`, name: jobRow.name, id: jobRow.id },
    };
  });
}

/** pgbench at the profile's connections: warm-up, rounds, the median round by tps. */
export async function runPgbench(options: {
  pgbench: string;
  databaseUrl: string;
  profile: LoadProfile;
  directions: PgbenchDirection[];
}): Promise<PgbenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "obmen-bench-pgbench-"));
  const removeDir = onCleanup(`pgbench dir ${dir}`, () =>
    rmSync(dir, { recursive: true, force: true }),
  );
  try {
    const scriptArgs: string[] = [];
    for (const [index, direction] of options.directions.entries()) {
      const probe = await findProbeRows(options.databaseUrl, direction.probeOrderId);
      const script = path.join(dir, `create-order-${index}.sql`);
      writeFileSync(script, pgbenchScript(direction, probe.mailId, probe.job));
      scriptArgs.push("-f", `${script}@${direction.weight}`);
    }
    let runs = 0;
    const once = async (seconds: number) => {
      const logPrefix = path.join(dir, `round-${runs++}`);
      const { stdout } = await run(
        options.pgbench,
        [
          "-n",
          // The extended query protocol, as node-postgres sends every query with parameters.
          "-M",
          "extended",
          "-c",
          String(options.profile.connections),
          "-j",
          "2",
          "-T",
          String(seconds),
          "-l",
          `--log-prefix=${logPrefix}`,
          ...scriptArgs,
          options.databaseUrl,
        ],
        { cwd: dir, timeout: (seconds + 30) * 1_000, maxBuffer: 16 * 1024 * 1024 },
      );
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
      const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
      const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
      if (!Number.isFinite(tps) || failed > 0) throw new Error(`pgbench: ${stdout.slice(-1_000)}`);
      return { tps, latency, p99: p99FromLogs(dir, path.basename(logPrefix)) };
    };
    if (options.profile.warmupSeconds > 0) await once(options.profile.warmupSeconds);
    const rounds = [];
    for (let i = 0; i < options.profile.rounds; i++)
      rounds.push(await once(options.profile.durationSeconds));
    const median = [...rounds].sort((a, b) => a.tps - b.tps)[Math.floor(rounds.length / 2)]!;
    return {
      tps: median.tps,
      latencyAvgMs: median.latency,
      p99Ms: median.p99,
      rounds: rounds.map((r) => Math.round(r.tps)),
    };
  } finally {
    await removeDir();
  }
}

/** pgbench `-l` writes `client tx latency_us script epoch us` per transaction, a file per thread. */
function p99FromLogs(dir: string, prefix: string): number {
  const latencies: number[] = [];
  for (const file of readdirSync(dir).filter((name) => name.startsWith(`${prefix}.`))) {
    for (const line of readFileSync(path.join(dir, file), "utf8").split("\n")) {
      const micros = Number(line.split(" ")[2]);
      if (line && Number.isFinite(micros)) latencies.push(micros / 1_000);
    }
  }
  if (latencies.length === 0) return Number.NaN;
  latencies.sort((a, b) => a - b);
  return Math.round(
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!,
  );
}
