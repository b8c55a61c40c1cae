import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { onCleanup } from "../lib/cleanup.ts";
import type { LoadProfile } from "../lib/load.ts";
import { withDatabase } from "../lib/postgres.ts";

const run = promisify(execFile);

/** One receive currency's share of the load, and a real order of it to copy the e-mail from. */
export interface PgbenchDirection {
  pairId: number;
  receiveCurrencyId: number;
  sendAmount: string;
  receiveAmount: string;
  /** How many of the load's requests go to this receive currency (pgbench script weight). */
  weight: number;
  /** An order the server made for this pair: its e-mail and fields are sent with every order. */
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
 * What the app does per order (apps/api/src/orders/create/insert-new-orders.ts): one call of
 * `create_order` in autocommit, a prepared statement, everything a parameter: the quoted
 * rate, where the e-mail says to pay, the amounts, the fields and the e-mail's content (the
 * probe order's real one, same size, passed with `-D` so it travels as a parameter as it does
 * from the app). The order id and idempotency key are made in the statement, as the app makes
 * them in Node without a round trip; no affiliate rid (null), as the bench's orders carry none.
 * One script per receive currency, weighted by its share of
 * the app's load, so the currency locks are contended as in the app. One order per statement:
 * the app puts the orders that arrive while its previous call is out into one statement
 * (new-order-queue.ts), which no pgbench client, being one customer, can do.
 */
function pgbenchScript(index: number, direction: PgbenchDirection, probe: ProbeRows): string {
  const { rate } = probe;
  return `
SELECT create_order(gen_random_uuid(), ${direction.pairId}, ${rate.sendRate}, ${rate.receiveRate},
  ${rate.comissionAmount}, :pay_to_${index}::jsonb, ${direction.sendAmount},
  ${direction.receiveAmount}, 'customer@example.com', 'ru', :fields_${index}::jsonb,
  '203.0.113.7', 'pgbench-' || gen_random_uuid(), now(), now() + interval '30 minutes',
  'customer@example.com', :subject_${index}, :content_${index}::jsonb, NULL::text);
`;
}

/** The pgbench variables a direction's script sends as parameters (`-D name=value`). */
function scriptVariables(index: number, probe: ProbeRows): string[] {
  return Object.entries({
    pay_to: probe.payTo,
    fields: probe.fields,
    subject: probe.mail.subject,
    content: probe.mail.content,
  }).flatMap(([name, value]) => ["-D", `${name}_${index}=${value}`]);
}

interface ProbeRows {
  rate: { sendRate: string; receiveRate: string; comissionAmount: string };
  /** Where the customer pays, as `create_order` compares it (jsonb text). */
  payTo: string;
  fields: string;
  mail: { subject: string; content: string };
}

/** The probe order's rate, fields, e-mail and pay-to, in the database pgbench runs on. */
async function findProbeRows(databaseUrl: string, orderId: string): Promise<ProbeRows> {
  return withDatabase(databaseUrl, async (client) => {
    const mail = await client.query<{ subject: string; content: string }>(
      `select subject, content::text from mail_outbox
        where kind = 'order_created' and content -> 'order' ->> 'id' = $1 order by id desc limit 1`,
      [orderId],
    );
    const order = await client.query<{
      send_rate: string;
      receive_rate: string;
      comission_amount: string;
      fields: string;
      pay_to: string;
    }>(
      `select o.send_rate::text, o.receive_rate::text, o.comission_amount::text,
          o.fields::text, jsonb_build_object('currencyCode', c.currency_code, 'kind', c.kind,
            'networkCode', s.network_code, 'paySystemName', s.name,
            'paymentTarget', c.payment_target, 'paymentHolder', c.payment_holder,
            'paymentTargetDemo', c.payment_target_demo)::text as pay_to
        from orders o join currencies c on c.id = o.send_currency_id
        join pay_systems s on s.id = c.pay_system_id where o.id = $1`,
      [orderId],
    );
    const mailRow = mail.rows[0];
    const orderRow = order.rows[0];
    if (!mailRow || !orderRow) throw new Error(`probe order ${orderId} or its e-mail is missing`);
    return {
      rate: {
        sendRate: orderRow.send_rate,
        receiveRate: orderRow.receive_rate,
        comissionAmount: orderRow.comission_amount,
      },
      payTo: orderRow.pay_to,
      fields: orderRow.fields,
      mail: mailRow,
    };
  });
}

/** Orders in the database: every pgbench transaction must have made one. */
async function countOrders(databaseUrl: string): Promise<number> {
  return withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from orders",
    );
    return rows[0]!.count;
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
      writeFileSync(script, pgbenchScript(index, direction, probe));
      scriptArgs.push("-f", `${script}@${direction.weight}`, ...scriptVariables(index, probe));
    }
    let runs = 0;
    const once = async (seconds: number) => {
      const logPrefix = path.join(dir, `round-${runs++}`);
      const ordersBefore = await countOrders(options.databaseUrl);
      const { stdout } = await run(
        options.pgbench,
        [
          "-n",
          // Prepared once per connection, parameters bound per call, as the app sends its
          // (named) create statements (packages/db/src/prepared-query.ts).
          "-M",
          "prepared",
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
      // A refused create (a stale rate or pay-to) would be a fast no-op, not a baseline.
      const processed = Number(/actually processed: (\d+)/.exec(stdout)?.[1]);
      const made = (await countOrders(options.databaseUrl)) - ordersBefore;
      if (made !== processed) throw new Error(`pgbench made ${made} orders in ${processed} runs`);
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
