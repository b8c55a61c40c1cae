import { randomUUID } from "node:crypto";
import {
  createTestDatabase,
  currencies,
  currencyPairs,
  type Database,
  mailOutbox,
  orders,
  reserveHolds,
  type TestDatabase,
} from "@obmen/db";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewOrder } from "../../../src/orders/create/insert-new-orders.ts";
import { createNewOrderQueue } from "../../../src/orders/create/new-order-queue.ts";
import type { SendCurrency } from "../../../src/orders/info/payment-instructions.ts";
import { newOrderRow, stubOrderMail } from "../../support/orders.ts";
import { type StatementSpy, spyOnStatements } from "../../support/statement-spy.ts";

type Pair = typeof currencyPairs.$inferSelect;

describe("new orders batched into one database call while another is out", () => {
  let database: TestDatabase;
  /** Statements sent through the driver (the queue's calls bypass Drizzle). */
  let statements: StatementSpy;
  let db: Database;
  const payTo = new Map<number, SendCurrency>();
  let pairs: Pair[];

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    db = database.db;
    statements = spyOnStatements(database);
    // One pair per receive currency, so no two of them share a reserve.
    const all = await database.db.select().from(currencyPairs).orderBy(currencyPairs.id);
    pairs = all.filter(
      (pair, index) =>
        all.findIndex((p) => p.receiveCurrencyId === pair.receiveCurrencyId) === index,
    );
    // Learn where each send currency is paid, as the create does on its first order.
    const queue = createNewOrderQueue({ db: database.db });
    for (const pair of pairs) {
      if (payTo.has(pair.sendCurrencyId)) continue;
      const outcome = await queue.insert({
        order: newOrderRow(pair, { sendAmount: "1", receiveAmount: "0.01" }),
        payTo: null,
        mail: null,
      });
      if (outcome.outcome !== "pay_to_changed") throw new Error(outcome.outcome);
      payTo.set(pair.sendCurrencyId, outcome.payTo);
    }
  }, 60_000);
  afterAll(() => database.close());

  const newOrder = (pair: Pair, change: Partial<NewOrder["order"]> = {}): NewOrder => ({
    order: { ...newOrderRow(pair, { sendAmount: "1", receiveAmount: "0.01" }), ...change },
    payTo: payTo.get(pair.sendCurrencyId)!,
    mail: stubOrderMail(),
  });

  it("sends a lone order at once, and what arrives meanwhile as one call", async () => {
    const queue = createNewOrderQueue({ db, maxInFlight: 1 });
    statements.mockClear();
    const lone = await queue.insert(newOrder(pairs[0]!));
    expect(lone).toEqual({ outcome: "created" });
    expect(statements.mock.calls).toHaveLength(1);

    statements.mockClear();
    const rush = await Promise.all(pairs.slice(0, 12).map((pair) => queue.insert(newOrder(pair))));
    expect(rush.map((outcome) => outcome.outcome)).toEqual(Array(12).fill("created"));
    // The first went alone; the 11 that arrived while it was out went together.
    expect(statements.mock.calls).toHaveLength(2);
  });

  it("answers every order of a batch with its own outcome, in the order given", async () => {
    const queue = createNewOrderQueue({ db, maxInFlight: 1 });
    const [cheap, other, third] = [pairs[1]!, pairs[2]!, pairs[3]!];
    await database.db
      .update(currencies)
      .set({ reserve: "0" })
      .where(eq(currencies.id, third.receiveCurrencyId));
    const sharedKey = randomUUID();
    const batch = [
      newOrder(cheap),
      newOrder(other, { sendRate: "123456" }),
      newOrder(third),
      newOrder(other, { idempotencyKey: sharedKey }),
      newOrder(cheap, { idempotencyKey: sharedKey }),
      newOrder(other, { pairId: 999_999 }),
    ];
    const blocker = queue.insert(newOrder(pairs[4]!));
    const outcomes = await Promise.all(batch.map((order) => queue.insert(order)));
    await blocker;
    await database.db
      .update(currencies)
      .set({ reserve: "1000000" })
      .where(eq(currencies.id, third.receiveCurrencyId));
    expect(outcomes).toEqual([
      { outcome: "created" },
      expect.objectContaining({ outcome: "rate_changed" }),
      { outcome: "above_reserve", reserve: expect.any(String), held: expect.any(String) },
      // The batch runs in receive currency order, so either twin may be the first.
      expect.objectContaining({ outcome: expect.stringMatching(/^(created|duplicate)$/) }),
      expect.objectContaining({ outcome: expect.stringMatching(/^(created|duplicate)$/) }),
      { outcome: "pair_inactive" },
    ]);
    const twins = [3, 4].map((index) => ({ id: batch[index]!.order.id, ...outcomes[index]! }));
    const created = twins.find((twin) => twin.outcome === "created");
    const duplicate = twins.find((twin) => twin.outcome === "duplicate");
    expect(duplicate).toMatchObject({ orderId: created?.id, status: "new" });
    const ids = batch.map((item) => item.order.id);
    const written = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(written).toHaveLength(2);
    expect(written.map((row) => row.id)).toContain(ids[0]);
    const holds = await database.db
      .select({ total: count() })
      .from(reserveHolds)
      .where(inArray(reserveHolds.orderId, ids));
    expect(holds[0]!.total).toBe(2);
  });

  it("tries a failed batch's orders one by one, so only the bad one fails", async () => {
    const queue = createNewOrderQueue({ db, maxInFlight: 1 });
    const mailsBefore = (await database.db.select({ total: count() }).from(mailOutbox))[0]!.total;
    const good = [newOrder(pairs[5]!), newOrder(pairs[6]!)];
    // The orders table refuses a locale it does not know: the whole statement fails.
    const bad = newOrder(pairs[7]!, { locale: "xx" });
    const blocker = queue.insert(newOrder(pairs[8]!));
    const results = await Promise.allSettled([good[0]!, bad, good[1]!].map((o) => queue.insert(o)));
    await blocker;
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const written = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.id,
          [...good, bad].map((item) => item.order.id),
        ),
      );
    expect(written.map((row) => row.id).sort()).toEqual(good.map((g) => g.order.id).sort());
    const mailsAfter = (await database.db.select({ total: count() }).from(mailOutbox))[0]!.total;
    expect(mailsAfter - mailsBefore).toBe(3);
  });
});
