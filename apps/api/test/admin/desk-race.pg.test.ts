import {
  currencies,
  mailOutbox,
  orderEvents,
  orderPayouts,
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

/** Where a refund's money went back and its reference: every refund gives both (issue 26). */
const REFUND = { refund_to: "card 2202 **** 4415", refund_reference: "RFD-20261128-1" };

/**
 * Two operators on two server processes act on the same order at the same moment
 * (issue 14): the order row lock and the state machine let exactly one win, the other gets
 * 409 CONFLICT, and the reserve, the history and the letters move once.
 */
describe("two operators on two server processes racing for one order on PostgreSQL", () => {
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

  /** `count` paid orders, taken into processing at the desk. */
  async function processingOrders(count: number): Promise<string[]> {
    const ids = await paidOrders(ports, count);
    for (const uuid of ids) {
      const taken = await consolePost(
        ports[1]!,
        `/admin/api/orders/${uuid}/status`,
        { status: "processing" },
        cookies[1],
      );
      expect(taken.status).toBe(200);
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
          consolePost(
            ports[completer]!,
            `/admin/api/orders/${uuid}/status`,
            { status: "completed", payout_reference: `PAY-${index}` },
            cookies[completer],
          ),
          consolePost(
            ports[refunder]!,
            `/admin/api/orders/${uuid}/status`,
            { status: "refunded", ...REFUND, comment: "Refund" },
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
        consolePost(
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
