import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import {
  apiClients,
  createTestDatabase,
  currencies,
  currencyHeld,
  mailOutbox,
  orderEvents,
  orderRecalculations,
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

// `APP_URL` of support/start-api-process.ts.
const ORIGIN = "http://localhost";

async function call(
  port: number,
  path: string,
  options: { payload?: Record<string, unknown>; body?: unknown; cookie?: string },
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  let body: unknown = options.body;
  if (options.payload) {
    const { envelope, timestamp } = sealEnvelope({
      payload: options.payload,
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip: "203.0.113.9",
      lang: "en",
    });
    headers[TIMESTAMP_HEADER] = String(timestamp);
    body = envelope;
  } else {
    headers.origin = ORIGIN;
    if (options.cookie) headers.cookie = options.cookie;
  }
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers,
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
 * Recalculation at the current rate (decision 035) from two server processes on one
 * PostgreSQL: the order row lock lets one of two operators recalculating the same order win,
 * and the receive currency's row lock keeps two recalculations of different orders from
 * promising the same reserve twice.
 */
describe("recalculations racing on two server processes on PostgreSQL", () => {
  let database: TestDatabase;
  const processes: ChildProcess[] = [];
  const ports = [
    38_000 + Math.floor(Math.random() * 1000),
    39_000 + Math.floor(Math.random() * 1000),
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
      const login = await call(ports[index]!, "/admin/api/login", {
        body: { email, password: PASSWORD },
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

  async function paidOrders(count: number): Promise<string[]> {
    const pairs = (await call(ports[0]!, "/rest/currency_pair/list", { payload: {} })).body.data;
    const pair = findPair(pairs, "USDTTRC20", "SBERRUB");
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const created = await call(ports[index % 2]!, "/rest/exchange/create", {
        payload: createForm(pair, { send_amount: "100", idempotency_key: randomUUID() }),
      });
      expect(created.status).toBe(200);
      const uuid: string = created.body.data.exchange_uuid;
      const paid = await call(ports[0]!, "/rest/exchange/update", {
        payload: { exchange_uuid: uuid, exchange_status: "paid" },
      });
      expect(paid.status).toBe(200);
      ids.push(uuid);
    }
    return ids;
  }

  const recalculate = (processIndex: number, uuid: string, receivedAmount: string) =>
    call(ports[processIndex]!, `/admin/api/orders/${uuid}/recalculate`, {
      body: { received_amount: receivedAmount },
      cookie: cookies[processIndex],
    });

  async function heldTotal() {
    const [row] = await database.db
      .select({ held: currencyHeld.held })
      .from(currencyHeld)
      .innerJoin(currencies, eq(currencies.id, currencyHeld.currencyId))
      .where(eq(currencies.urlXml, "SBERRUB"));
    return toDecimal(row?.held ?? "0");
  }

  it("two operators recalculating one order: one wins, one gets 409, the hold moves once", async () => {
    const ids = await paidOrders(10);
    const lettersBefore = (await database.db.select().from(mailOutbox)).length;
    const results = await Promise.all(
      ids.map(async (uuid, index) => {
        const [first, second] = await Promise.all([
          recalculate(index % 2, uuid, "110"),
          recalculate((index + 1) % 2, uuid, "130"),
        ]);
        return [first.status, second.status].sort();
      }),
    );
    for (const statuses of results) expect(statuses).toEqual([200, 409]);

    const rows = await database.db.select().from(orders).where(inArray(orders.id, ids));
    const holds = await database.db
      .select()
      .from(reserveHolds)
      .where(inArray(reserveHolds.orderId, ids));
    for (const row of rows) {
      expect(row.status).toBe("hold");
      expect(["110", "130"]).toContain(row.sendAmount);
      const hold = holds.find((entry) => entry.orderId === row.id)!;
      expect(hold).toMatchObject({ state: "held", amount: row.receiveAmount });
      const events = await database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, row.id), eq(orderEvents.actorKind, "operator")));
      expect(events).toHaveLength(1);
      const questions = await database.db
        .select()
        .from(orderRecalculations)
        .where(eq(orderRecalculations.orderId, row.id));
      expect(questions).toHaveLength(1);
    }
    // The held total is exactly the sum of the holds: nothing moved twice.
    const allHeld = await database.db
      .select({ amount: reserveHolds.amount })
      .from(reserveHolds)
      .where(eq(reserveHolds.state, "held"));
    const sum = allHeld.reduce((total, row) => total.plus(row.amount), toDecimal("0"));
    expect((await heldTotal()).eq(sum)).toBe(true);
    expect((await database.db.select().from(mailOutbox)).length - lettersBefore).toBe(ids.length);
  });

  it("two orders recalculated at once when the reserve covers only one: one is refused", async () => {
    const [a, b] = await paidOrders(2);
    // Leave room for exactly one more of the two raises: each adds the same amount to its hold.
    const [sample] = await database.db.select().from(orders).where(eq(orders.id, a!));
    const raise = toDecimal(sample!.receiveAmount); // 200 USDT instead of 100 doubles it
    const held = await heldTotal();
    await database.db
      .update(currencies)
      .set({ reserve: held.plus(raise).plus("1").toFixed() })
      .where(eq(currencies.urlXml, "SBERRUB"));
    const [first, second] = await Promise.all([
      recalculate(0, a!, "200"),
      recalculate(1, b!, "200"),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.error.code).toBe("INSUFFICIENT_RESERVE");
    const [reserve] = await database.db
      .select({ reserve: currencies.reserve })
      .from(currencies)
      .where(eq(currencies.urlXml, "SBERRUB"));
    expect((await heldTotal()).lte(reserve!.reserve)).toBe(true);
  });
});
