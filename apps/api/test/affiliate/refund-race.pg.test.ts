import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import {
  affiliateChannels,
  affiliateLedgerEntries,
  affiliateLedgerLines,
  apiClients,
  auditLog,
  createTestDatabase,
  currencies,
  mailOutbox,
  orderEvents,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../../src/admin/operators/create-operator.ts";
import { PASSWORD } from "../admin/support/admin-kit.ts";
import { createForm, findPair } from "../support/orders.ts";
import { startApiProcess } from "../support/start-api-process.ts";
import { TEST_CLIENT } from "../support/test-api.ts";
import { ledgerSum, seedPartner } from "./support/affiliate-kit.ts";

// The API process of the other two-process tests (support/start-api-process.ts): `APP_URL`
// is http://localhost there.
const ORIGIN = "http://localhost";
const ADMINS = ["first-admin@obmen.example", "second-admin@obmen.example"];

async function signed(port: number, path: string, payload: Record<string, unknown>) {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: TEST_CLIENT.publicKey,
    secret: TEST_CLIENT.secret,
    ip: "203.0.113.9",
    lang: "en",
  });
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
    body: JSON.stringify(envelope),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function consoleCall(port: number, path: string, body: unknown, cookie?: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
  const setCookie = response.headers.get("set-cookie");
  return {
    status: response.status,
    body: (await response.json()) as Record<string, any>,
    cookie: setCookie ? setCookie.split(";")[0]! : null,
  };
}

/**
 * Two admins on two server processes refund the same completed, referred order at the same
 * moment (decision 039): the order row lock and the state machine let exactly one win, the
 * other gets 409 CONFLICT, and the partner's reward is reversed by exactly one entry, the
 * ledger summing to zero and the partner's available balance never below zero.
 */
describe("two admins on two server processes refunding one completed order on PostgreSQL", () => {
  let database: TestDatabase;
  const processes: ChildProcess[] = [];
  const ports = [
    40_000 + Math.floor(Math.random() * 1000),
    41_000 + Math.floor(Math.random() * 1000),
  ];
  const cookies: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    await database.db.insert(apiClients).values(TEST_CLIENT);
    await database.db
      .update(currencies)
      .set({ reserve: "10000000" })
      .where(eq(currencies.urlXml, "SBERRUB"));
    for (const email of ADMINS) {
      await createOperator({
        db: database.db,
        email,
        password: PASSWORD,
        role: "admin",
        actor: { operatorId: null, ip: null },
      });
    }
    for (const port of ports) processes.push(await startApiProcess(database.databaseUrl, port));
    for (const [index, email] of ADMINS.entries()) {
      const login = await consoleCall(ports[index]!, "/admin/api/login", {
        email,
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
      cookies.push(login.cookie!);
    }
  }, 60_000);
  afterAll(async () => {
    for (const child of processes) child.kill("SIGTERM");
    await Promise.all(
      processes.map((child) => new Promise((resolve) => child.once("exit", resolve))),
    );
    await database.close();
  });

  /** `count` orders made with the partner's rid, paid and completed at the desk. */
  async function completedOrders(rid: string, count: number): Promise<string[]> {
    const pairs = (await signed(ports[0]!, "/rest/currency_pair/list", {})).body.data;
    const pair = findPair(pairs, "USDTTRC20", "SBERRUB");
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const created = await signed(
        ports[index % 2]!,
        "/rest/exchange/create",
        createForm(pair, {
          send_amount: "100",
          email: `buyer-${index}@example.com`,
          rid,
          idempotency_key: randomUUID(),
        }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const uuid: string = created.body.data.exchange_uuid;
      await signed(ports[0]!, "/rest/exchange/update", {
        exchange_uuid: uuid,
        exchange_status: "paid",
      });
      for (const body of [
        { status: "processing" },
        { status: "completed", payout_reference: `PAY-${index}` },
      ]) {
        const moved = await consoleCall(
          ports[1]!,
          `/admin/api/orders/${uuid}/status`,
          body,
          cookies[1],
        );
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      }
      ids.push(uuid);
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
    const partnerId = await seedPartner(db, { email: "race-partner@example.com" });
    const rid = "racepartner0001";
    await db
      .insert(affiliateChannels)
      .values({ partnerId, code: rid, name: "Main link", isDefault: true });
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
            consoleCall(
              ports[(index + side) % 2]!,
              `/admin/api/orders/${uuid}/status`,
              { status: "refunded", comment: `Chargeback ${side}` },
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
});
