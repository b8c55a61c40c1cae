import {
  currencies,
  currencyHeld,
  mailOutbox,
  orderEvents,
  orderRecalculations,
  orders,
  reserveHolds,
  type TestDatabase,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiProcesses,
  consolePost,
  createSeededDatabase,
  paidOrders,
  signInOperators,
  startApiProcesses,
} from "../support/api-processes.ts";

/**
 * Recalculation at the current rate (decision 035) from two server processes on one
 * PostgreSQL: the order row lock lets one of two operators recalculating the same order win,
 * and the receive currency's row lock keeps two recalculations of different orders from
 * promising the same reserve twice.
 */
describe("recalculations racing on two server processes on PostgreSQL", () => {
  let database: TestDatabase;
  let processes: ApiProcesses;
  let ports: number[];
  let cookies: string[];

  beforeAll(async () => {
    database = await createSeededDatabase({ sberbankReserve: "10000000" });
    processes = await startApiProcesses(database.databaseUrl);
    ports = processes.ports;
    cookies = await signInOperators(database, ports, "operator");
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  const recalculate = (processIndex: number, uuid: string, receivedAmount: string) =>
    consolePost(
      ports[processIndex]!,
      `/admin/api/orders/${uuid}/recalculate`,
      { received_amount: receivedAmount },
      cookies[processIndex],
    );

  async function heldTotal() {
    const [row] = await database.db
      .select({ held: currencyHeld.held })
      .from(currencyHeld)
      .innerJoin(currencies, eq(currencies.id, currencyHeld.currencyId))
      .where(eq(currencies.urlXml, "SBERRUB"));
    return toDecimal(row?.held ?? "0");
  }

  it("two operators recalculating one order: one wins, one gets 409, the hold moves once", async () => {
    const ids = await paidOrders(ports, 10);
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
    const [a, b] = await paidOrders(ports, 2);
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
