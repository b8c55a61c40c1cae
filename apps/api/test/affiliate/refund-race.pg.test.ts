import {
  affiliateChannels,
  affiliateLedgerEntries,
  affiliateLedgerLines,
  auditLog,
  mailOutbox,
  orderEvents,
  type TestDatabase,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../src/account/sessions/create-session.ts";
import {
  type ApiProcesses,
  consolePost,
  createSeededDatabase,
  paidOrders,
  sealedPost,
  signInOperators,
  startApiProcesses,
} from "../support/api-processes.ts";
import {
  credit,
  ledgerSum,
  seedPartner,
  TRON_ADDRESS,
  usdtTrc20,
} from "./support/affiliate-kit.ts";

/** Where a refund's money went back and its reference: every refund gives both (issue 26). */
const REFUND = { refund_to: "card 2202 **** 4415", refund_reference: "RFD-20261128-1" };

/**
 * Two admins on two server processes refund the same completed, referred order at the same
 * moment (decision 039): the order row lock and the state machine let exactly one win, the
 * other gets 409 CONFLICT, and the partner's reward is reversed by exactly one entry, the
 * ledger summing to zero and the partner's available balance never below zero. And refunds
 * racing the partner's withdrawals of the whole balance: the partner's row lock orders them,
 * so available never goes below zero and what the reversal could not take is a debt.
 */
describe("two admins on two server processes refunding one completed order on PostgreSQL", () => {
  let database: TestDatabase;
  let processes: ApiProcesses;
  let ports: number[];
  let cookies: string[];

  beforeAll(async () => {
    database = await createSeededDatabase({ sberbankReserve: "10000000" });
    processes = await startApiProcesses(database.databaseUrl);
    ports = processes.ports;
    cookies = await signInOperators(database, ports, "admin");
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  /** A partner with a default channel whose rid is `rid`. */
  async function partnerWithChannel(email: string, rid: string): Promise<string> {
    const partnerId = await seedPartner(database.db, { email });
    await database.db
      .insert(affiliateChannels)
      .values({ partnerId, code: rid, name: "Main link", isDefault: true });
    return partnerId;
  }

  /** `count` orders made with the partner's rid, paid and completed at the desk. */
  async function completedOrders(rid: string, count: number): Promise<string[]> {
    const ids = await paidOrders(ports, count, (index) => ({
      email: `buyer-${index}@example.com`,
      rid,
    }));
    for (const [index, uuid] of ids.entries()) {
      for (const body of [
        { status: "processing" },
        { status: "completed", payout_reference: `PAY-${index}` },
      ]) {
        const moved = await consolePost(
          ports[1]!,
          `/admin/api/orders/${uuid}/status`,
          body,
          cookies[1],
        );
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      }
    }
    return ids;
  }

  async function partnerAccount(partnerId: string, account: "available" | "debt") {
    const [row] = await database.db
      .select({ total: sql<string>`coalesce(sum(${affiliateLedgerLines.amount}), 0)::text` })
      .from(affiliateLedgerLines)
      .where(
        and(
          eq(affiliateLedgerLines.partnerId, partnerId),
          eq(affiliateLedgerLines.account, account),
        ),
      );
    return toDecimal(row!.total);
  }

  it("one refund wins, one gets 409, and the reward is reversed exactly once", async () => {
    const { db } = database;
    const rid = "racepartner0001";
    const partnerId = await partnerWithChannel("race-partner@example.com", rid);
    const ids = await completedOrders(rid, 6);
    const rewards = await db
      .select()
      .from(affiliateLedgerEntries)
      .where(
        and(
          inArray(affiliateLedgerEntries.orderId, ids),
          eq(affiliateLedgerEntries.kind, "reward"),
        ),
      );
    expect(rewards).toHaveLength(ids.length);
    const earned = await partnerAccount(partnerId, "available");
    expect(earned.gt(0)).toBe(true);
    const lettersBefore = (await db.select().from(mailOutbox)).length;

    const results = await Promise.all(
      ids.map(async (uuid, index) => {
        const statuses = await Promise.all(
          [0, 1].map((side) =>
            consolePost(
              ports[(index + side) % 2]!,
              `/admin/api/orders/${uuid}/status`,
              { status: "refunded", ...REFUND, comment: `Chargeback ${side}` },
              cookies[(index + side) % 2],
            ).then((result) => result.status),
          ),
        );
        return { uuid, statuses };
      }),
    );
    for (const result of results) {
      expect([...result.statuses].sort(), result.uuid).toEqual([200, 409]);
    }

    const reversals = await db
      .select()
      .from(affiliateLedgerEntries)
      .where(
        and(
          inArray(affiliateLedgerEntries.orderId, ids),
          eq(affiliateLedgerEntries.kind, "reward_reversal"),
        ),
      );
    expect(reversals.map((entry) => entry.orderId).sort()).toEqual([...ids].sort());
    expect((await partnerAccount(partnerId, "available")).eq(0)).toBe(true);
    expect((await partnerAccount(partnerId, "debt")).eq(0)).toBe(true);
    expect(await ledgerSum(db)).toBe("0");
    for (const uuid of ids) {
      const refunds = await db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, uuid), eq(orderEvents.status, "refunded")));
      expect(refunds).toHaveLength(1);
      const audits = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, uuid), sql`${auditLog.after}->>'status' = 'refunded'`));
      expect(audits).toHaveLength(1);
    }
    // One letter per order, for the refund that happened.
    expect((await db.select().from(mailOutbox)).length - lettersBefore).toBe(ids.length);
  });

  it("refunds racing withdrawals of the whole balance never take available below zero", async () => {
    const { db } = database;
    const rid = "racepartner0002";
    const partnerId = await partnerWithChannel("race-withdrawer@example.com", rid);
    const ids = await completedOrders(rid, 4);
    // Enough for the minimum withdrawal: the rewards plus 20.
    await credit(db, partnerId, "20");
    const whole = (await partnerAccount(partnerId, "available")).toFixed();
    const { token } = await createSession({ tx: db, userId: partnerId, ip: "203.0.113.9" });
    const currency = await usdtTrc20(db);

    const [withdrawals, refunds] = await Promise.all([
      Promise.all(
        [0, 1].map((index) =>
          sealedPost(
            ports[index]!,
            "/rest/ref_withdrawal/create",
            {
              currency_id: currency,
              amount: whole,
              fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
            },
            { token, ip: `198.51.100.${index + 1}` },
          ).then((result) => result.status),
        ),
      ),
      Promise.all(
        ids.map((uuid, index) =>
          consolePost(
            ports[index % 2]!,
            `/admin/api/orders/${uuid}/status`,
            { status: "refunded", ...REFUND, comment: "Chargeback" },
            cookies[index % 2],
          ).then((result) => result.status),
        ),
      ),
    ]);
    expect(refunds).toEqual(ids.map(() => 200));
    // At most one withdrawal of the whole balance can pass; the other finds too little.
    for (const status of withdrawals) expect([200, 409]).toContain(status);
    const passed = withdrawals.filter((status) => status === 200).length;
    expect(passed).toBeLessThanOrEqual(1);

    const available = await partnerAccount(partnerId, "available");
    const debt = await partnerAccount(partnerId, "debt");
    expect(available.gte(0)).toBe(true);
    expect(debt.lte(0)).toBe(true);
    const rewards = toDecimal(whole).minus(20);
    if (passed === 1) {
      // The withdrawal held everything; whatever refund came after it became a debt.
      expect(available.eq(0)).toBe(true);
    } else {
      expect(available.eq(20)).toBe(true);
      expect(debt.eq(0)).toBe(true);
    }
    // Whatever the order, the partner's net position lost exactly the rewards.
    const [onHold] = await db
      .select({ total: sql<string>`coalesce(sum(${affiliateLedgerLines.amount}), 0)::text` })
      .from(affiliateLedgerLines)
      .where(
        and(
          eq(affiliateLedgerLines.partnerId, partnerId),
          eq(affiliateLedgerLines.account, "on_hold"),
        ),
      );
    expect(available.plus(debt).plus(onHold!.total).eq(toDecimal(whole).minus(rewards))).toBe(true);
    expect(await ledgerSum(db)).toBe("0");
  });
});
