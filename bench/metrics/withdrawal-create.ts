import { randomBytes } from "node:crypto";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import type { Request } from "autocannon";
import type pg from "pg";
import { type LoadProfile, measureLoad } from "../lib/load.ts";
import { copyDatabase, createScratchDatabase, withDatabase } from "../lib/postgres.ts";
import { type MetricResult, ratioResult } from "../lib/result.ts";
import { BENCH_CLIENT, startObmen } from "../lib/server-process.ts";
import { runWithdrawalPgbench } from "./withdrawal-pgbench.ts";

const PATH = "/rest/ref_withdrawal/create";
const NAME = "withdrawal_create_rps";
const PARTNERS = 1_000;
/** Each partner's earlier withdrawals, already paid (seedPaidWithdrawals). */
const PAID_WITHDRAWALS_PER_PARTNER = 5;
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
export const WITHDRAWAL_TARGET = "ratio ≥ 0.5, p99 ≤ 50 ms";

/**
 * `withdrawal_create_rps` (PostgreSQL, issue 18): `/rest/ref_withdrawal/create` of 10 USDT (the minimum), signed
 * envelopes with the session of one of 1,000 partners in turn (each credited a large balance, so
 * no request is refused), at 16 connections, on a server of its own on a scratch database. The
 * baseline, in the same run, is pgbench sending the same statements (withdrawal-pgbench.ts) at
 * the same connections on a scratch copy taken before the load.
 */
export async function measureWithdrawalCreate(options: {
  profile: LoadProfile;
  pgbench: string;
}): Promise<MetricResult> {
  const profile = { ...options.profile, connections: 16 };
  const database = await createScratchDatabase("withdrawal");
  try {
    const server = await startObmen({ engine: "postgres", databaseUrl: database.url });
    try {
      const seeded = await seedPartners(database.url);
      const scratch = await createScratchDatabase("withdrawal_pgbench");
      try {
        await copyDatabase(database.url, scratch.url);
        // Planned as the subject's database is: seedPartners analyzed it (decision 043).
        await withDatabase(scratch.url, (client) => client.query("analyze"));
        const payload = {
          currency_id: seeded.currencyId,
          amount: "10",
          fields: [{ key: seeded.fieldKey, value: TRON_ADDRESS }],
        };
        const probe = await fetch(
          `${server.url}${PATH}`,
          sealed(payload, seeded.tokens[0]!, Date.now(), "192.0.2.1"),
        );
        if (probe.status !== 200) {
          throw new Error(`a withdrawal was refused: ${probe.status} ${await probe.text()}`);
        }
        const subject = await measureLoad(
          { url: `${server.url}${PATH}`, requests: withdrawalRequests(payload, seeded.tokens) },
          profile,
        );
        const baseline = await runWithdrawalPgbench({
          pgbench: options.pgbench,
          databaseUrl: scratch.url,
          profile,
          currencyId: seeded.currencyId,
          fields: JSON.stringify(payload.fields),
        });
        const ledger = await withDatabase(database.url, async (client) => {
          const { rows } = await client.query<{ total: string; negative: number }>(
            `select (select coalesce(sum(amount), 0)::text from affiliate_ledger_lines) as total,
               (select count(*)::int from (select partner_id from affiliate_ledger_lines
                 where account = 'available' group by partner_id having sum(amount) < 0) n) as negative`,
          );
          return rows[0]!;
        });
        return ratioResult({
          name: NAME,
          engine: "postgres",
          value: subject.rps,
          unit: "req/s",
          baseline: "pgbench, same statements, 1,000 partners, scratch copy",
          baselineValue: baseline.tps,
          minRatio: 0.5,
          p99Ms: subject.p99Ms,
          maxP99Ms: 50,
          details: {
            connections: profile.connections,
            partners: PARTNERS,
            baseline_p99_ms: baseline.p99Ms,
            baseline_rounds: baseline.rounds,
            rounds: subject.rounds,
            ledger_sum: ledger.total,
            partners_below_zero: ledger.negative,
          },
        });
      } finally {
        await scratch.drop();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

/** 1,000 confirmed users with a session each, made partners and credited a large balance. */
async function seedPartners(url: string) {
  return withDatabase(url, async (client) => {
    const tokens = Array.from({ length: PARTNERS }, () => randomBytes(20).toString("hex"));
    await client.query(
      `create table bench_partners (n int primary key, user_id uuid not null, token_hash text not null)`,
    );
    await client.query(
      `with made as (
         insert into users (email, password_hash, email_confirmed_at)
         select 'bench-partner-' || n || '@example.com', 'bench: never signs in', now()
         from generate_series(1, $1::int) n returning id, email)
       insert into bench_partners (n, user_id, token_hash)
       select split_part(split_part(email, '-', 3), '@', 1)::int, id,
         encode(sha256(convert_to(($2::text[])[split_part(split_part(email, '-', 3), '@', 1)::int], 'utf8')), 'hex')
       from made`,
      [PARTNERS, tokens],
    );
    await client.query(
      `insert into user_sessions (user_id, token_hash, expires_at)
       select user_id, token_hash, now() + interval '30 days' from bench_partners`,
    );
    await client.query(
      `insert into affiliate_partners (user_id) select user_id from bench_partners`,
    );
    const { rows } = await client.query<{ id: string }>(
      `insert into affiliate_ledger_entries (kind, partner_id, currency)
       select 'reward', user_id, 'USDT' from bench_partners order by n returning id`,
    );
    await client.query(
      `insert into affiliate_ledger_lines (entry_id, partner_id, account, amount)
       select e.id, case when x.account = 'house' then null else e.partner_id end, x.account, x.amount
       from affiliate_ledger_entries e,
         (values ('available', 1000000000::numeric), ('house', -1000000000::numeric)) x(account, amount)
       where e.kind = 'reward'`,
    );
    if (rows.length !== PARTNERS) throw new Error("the partners' credits were not all written");
    const currency = await client.query<{ id: number; key: string }>(
      `select c.id, f.key from currencies c join currency_fields f on f.currency_id = c.id
       where c.url_xml = 'USDTTRC20' and f.side = 'receive' order by f.sort_order limit 1`,
    );
    const { id: currencyId, key: fieldKey } = currency.rows[0]!;
    await seedPaidWithdrawals(client, currencyId, fieldKey);
    await client.query("analyze");
    return { tokens, currencyId, fieldKey };
  });
}

/**
 * A programme that has run a while: each partner's earlier withdrawals, paid, with their
 * ledger entries (the hold, then the payout). The bench measures a live exchange, not its
 * first minute: on tables ANALYZEd while empty, PostgreSQL plans the foreign-key checks of the
 * first inserts as sequential scans and keeps those plans on every pooled connection until
 * autovacuum next analyzes (decision 043). Both sides get these rows: pgbench's copy is taken
 * after them.
 */
async function seedPaidWithdrawals(client: pg.Client, currencyId: number, fieldKey: string) {
  await client.query(
    `with made as (
       insert into affiliate_withdrawals
         (partner_id, currency_id, currency, amount, fields, status, reference, created_at, decided_at)
       select p.user_id, $1, 'USDT', 10, jsonb_build_array(jsonb_build_object('key', $2::text, 'value', $3::text)),
         'paid', 'bench-' || p.n || '-' || k, now() - k * interval '1 day', now() - k * interval '1 day'
       from bench_partners p, generate_series(1, $4::int) k
       returning id, partner_id, amount),
     entries as (
       insert into affiliate_ledger_entries (kind, partner_id, currency, withdrawal_id)
       select kind, partner_id, 'USDT', id from made, (values ('withdrawal_hold'), ('withdrawal_paid')) k(kind)
       returning id, kind, partner_id, withdrawal_id)
     insert into affiliate_ledger_lines (entry_id, partner_id, account, amount)
     select e.id, e.partner_id, x.account, x.amount * m.amount
     from entries e join made m on m.id = e.withdrawal_id,
       (values ('withdrawal_hold', 'available', -1), ('withdrawal_hold', 'on_hold', 1),
               ('withdrawal_paid', 'on_hold', -1), ('withdrawal_paid', 'paid', 1)) x(kind, account, amount)
     where x.kind = e.kind`,
    [currencyId, fieldKey, TRON_ADDRESS, PAID_WITHDRAWALS_PER_PARTNER],
  );
}

function sealed(payload: Record<string, unknown>, token: string, now: number, ip: string) {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: BENCH_CLIENT.publicKey,
    secret: BENCH_CLIENT.secret,
    ip,
    lang: "ru",
    userAuthToken: token,
    now,
  });
  return {
    method: "POST",
    body: JSON.stringify(envelope),
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
  };
}

/** Requests for autocannon: the partners in turn, a fresh pool of envelopes per run. */
function withdrawalRequests(payload: Record<string, unknown>, tokens: string[]): () => Request[] {
  let pools = 0;
  return () => {
    const ip = `203.0.113.${(pools++ % 250) + 1}`;
    const sealedAt = Date.now();
    const pool = Array.from({ length: 60_000 }, (_, i) =>
      sealed(payload, tokens[i % tokens.length]!, sealedAt - i, ip),
    );
    let used = 0;
    return [
      {
        method: "POST",
        path: PATH,
        setupRequest: (request) => {
          const next =
            used < pool.length
              ? pool[used]!
              : sealed(
                  payload,
                  tokens[used % tokens.length]!,
                  Date.now(),
                  `198.51.100.${(used % 250) + 1}`,
                );
          used++;
          return { ...request, ...next, method: "POST", path: PATH };
        },
      },
    ];
  };
}
