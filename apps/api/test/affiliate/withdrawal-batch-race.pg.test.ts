import {
  affiliateWithdrawals,
  createTestDatabase,
  type DatabaseHandle,
  openDatabase,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertNewWithdrawals,
  type NewWithdrawal,
  type NewWithdrawalOutcome,
} from "../../src/affiliate/withdrawals/insert-new-withdrawals.ts";
import { createNewWithdrawalQueue } from "../../src/affiliate/withdrawals/new-withdrawal-queue.ts";
import {
  ledgerSum,
  SETTINGS,
  seedPartner,
  TRON_ADDRESS,
  usdtTrc20,
} from "./support/affiliate-kit.ts";

/**
 * DESIGN.md invariant 1 with batching (docs/decisions/041-withdrawal-create-batched.md): two
 * "processes" (two queues on two connection pools) send batches that each hold many requests
 * of the same partners, at the same moment. The partners' rows are held locked first, so both
 * first calls wait and everything else piles up into one batch per process; once released, the
 * two batches contend for the same five partners. Exactly what each balance covers passes, no
 * balance goes below zero, and the ledger sums to zero. And two batches handed the same
 * partners in opposite orders never deadlock: each batch locks its partners sorted.
 */
describe("batched withdrawals from two processes on PostgreSQL", () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let locker: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    second = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" });
    locker = new pg.Client({ connectionString: database.databaseUrl });
    await locker.connect();
  }, 60_000);
  afterAll(async () => {
    await locker?.end();
    await second?.close();
    await database?.close();
  });

  async function lockWaiters(): Promise<number> {
    const { rows } = await database.db.execute<{ waiting: number }>(sql`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    return rows[0]!.waiting;
  }

  async function untilLockWaiters(count: number): Promise<void> {
    for (let attempt = 0; (await lockWaiters()) < count; attempt++) {
      if (attempt > 500) throw new Error(`fewer than ${count} calls ever waited for a lock`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function deadlocks(): Promise<number> {
    const { rows } = await database.db.execute<{ deadlocks: number }>(sql`
      select deadlocks::int from pg_stat_database where datname = current_database()`);
    return rows[0]!.deadlocks;
  }

  it("holds exactly what each balance covers, batch against batch", async () => {
    const { db } = database;
    const currencyId = await usdtTrc20(db);
    const partners: string[] = [];
    for (let index = 0; index < 5; index++) {
      partners.push(await seedPartner(db, { email: `batch-${index}@example.com`, balance: "100" }));
    }
    const request = (partnerId: string): NewWithdrawal => ({
      partnerId,
      currencyId,
      currency: SETTINGS.currency,
      amount: "10",
      fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
    });

    await locker.query("begin");
    await locker.query("select 1 from affiliate_partners where user_id = any($1) for update", [
      partners,
    ]);
    const queues = [
      createNewWithdrawalQueue({ db, maxInFlight: 1 }),
      createNewWithdrawalQueue({ db: second.db, maxInFlight: 1 }),
    ];
    // Each process gets 12 requests of 10 per partner (24 per partner in all, 10 can pass):
    // one in partner order, the other in reverse.
    const orders = [partners, [...partners].reverse()];
    const sent: { partner: string; outcome: Promise<NewWithdrawalOutcome> }[] = [];
    for (const [index, queue] of queues.entries()) {
      for (let round = 0; round < 12; round++) {
        for (const partner of orders[index]!) {
          sent.push({ partner, outcome: queue.insert(request(partner)) });
        }
      }
    }
    // Both first calls wait for the lock; the other 118 wait in their queues.
    await untilLockWaiters(2);
    await locker.query("commit");
    const results = await Promise.all(
      sent.map(async ({ partner, outcome }) => ({ partner, ...(await outcome) })),
    );

    for (const partner of partners) {
      const mine = results.filter((result) => result.partner === partner);
      expect(mine.filter((result) => result.outcome === "created")).toHaveLength(10);
      expect(mine.filter((result) => result.outcome === "insufficient")).toHaveLength(14);
      const rows = await db
        .select({ amount: affiliateWithdrawals.amount, at: affiliateWithdrawals.createdAt })
        .from(affiliateWithdrawals)
        .where(eq(affiliateWithdrawals.partnerId, partner));
      expect(rows).toHaveLength(10);
    }
    const { rows: balances } = await db.execute<{ partner_id: string; available: string }>(sql`
      select partner_id, sum(amount)::text as available from affiliate_ledger_lines
      where account = 'available' group by partner_id`);
    for (const row of balances) expect(Number(row.available)).toBe(0);
    expect(await ledgerSum(db)).toBe("0");
    // The batches did hold several requests of one partner: one transaction made several.
    const { rows: shared } = await db.execute<{ most: number }>(sql`
      select max(n)::int as most from (select count(*) as n from affiliate_withdrawals
      group by partner_id, created_at) per_transaction`);
    expect(shared[0]!.most).toBeGreaterThan(1);
  }, 120_000);

  it("never deadlocks two batches handed the same partners in opposite orders", async () => {
    const { db } = database;
    const currencyId = await usdtTrc20(db);
    const [low, high] = [
      await seedPartner(db, { balance: "100" }),
      await seedPartner(db, { balance: "100" }),
    ].sort();
    const request = (partnerId: string) => ({
      partnerId,
      currencyId,
      currency: SETTINGS.currency,
      amount: "10",
      fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
    });
    const deadlocksBefore = await deadlocks();
    // The locker holds `high`. Unsorted, the first batch would wait for `high` holding nothing,
    // the second would take `low` and queue for `high` behind it; on release the first would
    // get `high` and wait for `low`: a deadlock, one batch failed by PostgreSQL. Sorted, both
    // take `low` first, so the second waits for the first and both pass.
    await locker.query("begin");
    await locker.query("select 1 from affiliate_partners where user_id = $1 for update", [high]);
    const first = insertNewWithdrawals({
      db: second.db,
      withdrawals: [request(high!), request(low!)],
    });
    await untilLockWaiters(1);
    const next = insertNewWithdrawals({ db, withdrawals: [request(low!), request(high!)] });
    await untilLockWaiters(2);
    await locker.query("commit");
    for (const outcomes of await Promise.all([first, next])) {
      expect(outcomes.map((outcome) => outcome.outcome)).toEqual(["created", "created"]);
    }
    expect(await deadlocks()).toBe(deadlocksBefore);
  }, 60_000);
});
