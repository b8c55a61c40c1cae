import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import {
  apiClients,
  createTestDatabase,
  currencies,
  mailOutbox,
  orderEvents,
  orderPayouts,
  orders,
  reserveHolds,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../../src/admin/operators/create-operator.ts";
import { createForm, findPair } from "../support/orders.ts";
import { startApiProcess } from "../support/start-api-process.ts";
import { TEST_CLIENT } from "../support/test-api.ts";
import { PASSWORD } from "./support/admin-kit.ts";

// The API process of the other two-process tests (support/start-api-process.ts): `APP_URL`
// is http://localhost there.
const ORIGIN = "http://localhost";

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

async function consoleCall(
  port: number,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<{ status: number; body: Record<string, any>; cookie: string | null }> {
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
 * Two operators on two server processes act on the same order at the same moment
 * (issue 14): the order row lock and the state machine let exactly one win, the other gets
 * 409 CONFLICT, and the reserve, the history and the letters move once.
 */
describe("two operators on two server processes racing for one order on PostgreSQL", () => {
  let database: TestDatabase;
  const processes: ChildProcess[] = [];
  const ports = [
    36_000 + Math.floor(Math.random() * 1000),
    37_000 + Math.floor(Math.random() * 1000),
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
    for (const email of ["first@obmen.example", "second@obmen.example"]) {
      await createOperator({
        db: database.db,
        email,
        password: PASSWORD,
        role: "operator",
        actor: { operatorId: null, ip: null },
      });
    }
    for (const port of ports) processes.push(await startApiProcess(database.databaseUrl, port));
    for (const [index, email] of ["first@obmen.example", "second@obmen.example"].entries()) {
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

  async function processingOrders(count: number): Promise<string[]> {
    const pairs = (await signed(ports[0]!, "/rest/currency_pair/list", {})).body.data;
    const pair = findPair(pairs, "USDTTRC20", "SBERRUB");
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const created = await signed(
        ports[index % 2]!,
        "/rest/exchange/create",
        createForm(pair, { send_amount: "100", idempotency_key: randomUUID() }),
      );
      expect(created.status).toBe(200);
      const uuid: string = created.body.data.exchange_uuid;
      await signed(ports[0]!, "/rest/exchange/update", {
        exchange_uuid: uuid,
        exchange_status: "paid",
      });
      const taken = await consoleCall(
        ports[1]!,
        `/admin/api/orders/${uuid}/status`,
        { status: "processing" },
        cookies[1],
      );
      expect(taken.status).toBe(200);
      ids.push(uuid);
    }
    return ids;
  }

  async function reserveOf(urlXml: string) {
    const [row] = await database.db
      .select({ reserve: currencies.reserve })
      .from(currencies)
      .where(eq(currencies.urlXml, urlXml));
    return toDecimal(row!.reserve);
  }

  it("completion against refund: one wins, one gets 409, the reserve moves once", async () => {
    const ids = await processingOrders(12);
    const receiveBefore = await reserveOf("SBERRUB");
    const sendBefore = await reserveOf("USDTTRC20");
    const lettersBefore = (await database.db.select().from(mailOutbox)).length;

    const results = await Promise.all(
      ids.map(async (uuid, index) => {
        // Who completes and who refunds alternates between the processes.
        const [completer, refunder] = index % 2 === 0 ? [0, 1] : [1, 0];
        const [completed, refunded] = await Promise.all([
          consoleCall(
            ports[completer]!,
            `/admin/api/orders/${uuid}/status`,
            { status: "completed", payout_reference: `PAY-${index}` },
            cookies[completer],
          ),
          consoleCall(
            ports[refunder]!,
            `/admin/api/orders/${uuid}/status`,
            { status: "refunded", comment: "Refund" },
            cookies[refunder],
          ),
        ]);
        return { uuid, completed: completed.status, refunded: refunded.status };
      }),
    );
    for (const result of results) {
      expect([result.completed, result.refunded].sort(), result.uuid).toEqual([200, 409]);
    }
    const completedIds = results.filter((r) => r.completed === 200).map((r) => r.uuid);

    const rows = await database.db.select().from(orders).where(inArray(orders.id, ids));
    const holds = await database.db
      .select()
      .from(reserveHolds)
      .where(inArray(reserveHolds.orderId, ids));
    let paidOut = toDecimal("0");
    for (const row of rows) {
      const won = completedIds.includes(row.id) ? "completed" : "refunded";
      expect(row.status).toBe(won);
      const hold = holds.find((h) => h.orderId === row.id)!;
      expect(hold.state).toBe(won === "completed" ? "consumed" : "released");
      if (won === "completed") paidOut = paidOut.plus(row.receiveAmount);
      // One closing event per order, whoever lost.
      const closing = await database.db
        .select()
        .from(orderEvents)
        .where(
          and(
            eq(orderEvents.orderId, row.id),
            inArray(orderEvents.status, ["completed", "refunded"]),
          ),
        );
      expect(closing).toHaveLength(1);
      expect(closing[0]!.actorKind).toBe("operator");
    }
    expect(receiveBefore.minus(await reserveOf("SBERRUB")).eq(paidOut)).toBe(true);
    expect((await reserveOf("USDTTRC20")).minus(sendBefore).eq(100 * completedIds.length)).toBe(
      true,
    );
    // One letter per order, for the move that happened.
    expect((await database.db.select().from(mailOutbox)).length - lettersBefore).toBe(ids.length);
    const payouts = await database.db
      .select()
      .from(orderPayouts)
      .where(inArray(orderPayouts.orderId, ids));
    expect(payouts.map((p) => p.orderId).sort()).toEqual([...completedIds].sort());
  });

  it("two completions of one order: one wins, the reserve is consumed once", async () => {
    const [uuid] = await processingOrders(1);
    const before = await reserveOf("SBERRUB");
    const results = await Promise.all(
      [0, 1].map((index) =>
        consoleCall(
          ports[index]!,
          `/admin/api/orders/${uuid}/status`,
          { status: "completed", payout_reference: `TX-${index}` },
          cookies[index],
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe("CONFLICT");
    const [row] = await database.db.select().from(orders).where(eq(orders.id, uuid!));
    expect(before.minus(await reserveOf("SBERRUB")).eq(row!.receiveAmount)).toBe(true);
    expect(
      await database.db.select().from(orderPayouts).where(eq(orderPayouts.orderId, uuid!)),
    ).toHaveLength(1);
  });
});
