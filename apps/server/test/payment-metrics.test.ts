import {
  consoleSettings,
  createTestDatabase,
  currencies,
  currencyPairs,
  orderPaymentTargets,
  orders,
  paymentTransfers,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { eq } from "drizzle-orm";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerPaymentMetrics } from "../src/metrics/register-payment-metrics.ts";

/** `obmen_payment_watch_*` (issue 28 point 5), read from the database at scrape time. */
describe("payment watch metrics", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
  }, 60_000);
  afterAll(() => database?.close());

  it("report each source's last success age, addresses watched and payments credited", async () => {
    const { db } = database;
    const [btc] = await db.select().from(currencies).where(eq(currencies.urlXml, "BTC"));
    const [pair] = await db
      .select()
      .from(currencyPairs)
      .where(eq(currencyPairs.sendCurrencyId, btc!.id));
    const now = new Date();
    const order = (id: string, status: "new" | "paid") => ({
      id,
      pairId: pair!.id,
      sendCurrencyId: pair!.sendCurrencyId,
      receiveCurrencyId: pair!.receiveCurrencyId,
      status,
      sendAmount: "0.01",
      receiveAmount: "1",
      sendRate: pair!.sendRate,
      receiveRate: pair!.receiveRate,
      comissionAmount: "0",
      sendRateReal: pair!.sendRateReal,
      receiveRateReal: pair!.receiveRateReal,
      email: "a@example.com",
      locale: "en",
      fields: [],
      expiresAt: new Date(now.getTime() + 60_000),
    });
    const ids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"];
    await db.insert(orders).values([order(ids[0]!, "new"), order(ids[1]!, "paid")]);
    await db.insert(orderPaymentTargets).values(
      ids.map((orderId, index) => ({
        orderId,
        currencyId: btc!.id,
        kind: "esplora" as const,
        address: `bc1qaddress${index}`,
        amount: "0.01",
        requiredConfirmations: 2,
        watchUntil: new Date(now.getTime() + 3_600_000),
      })),
    );
    await db.insert(paymentTransfers).values({
      orderId: ids[1]!,
      txId: "a".repeat(64),
      amount: "0.01",
      confirmations: 2,
      creditedAt: now,
    });
    await db.insert(consoleSettings).values({
      key: "payment_watch_last_success:esplora",
      value: now.toISOString(),
      updatedAt: new Date(now.getTime() - 42_000),
    });

    const registry = new Registry();
    registerPaymentMetrics(registry, { db, onError: (error) => expect.fail(String(error)) });
    const text = await registry.metrics();
    const age = /obmen_payment_watch_last_success_age_seconds\{source="esplora"\} ([\d.]+)/.exec(
      text,
    );
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(42);
    expect(Number(age?.[1])).toBeLessThan(120);
    // A source that never succeeded has no age (an alert on absence catches it).
    expect(text).not.toContain('obmen_payment_watch_last_success_age_seconds{source="tron"}');
    expect(text).toContain('obmen_payment_watch_addresses_watched{source="esplora"} 2');
    expect(text).toContain('obmen_payment_watch_addresses_watched{source="tron"} 0');
    expect(text).toContain('obmen_payment_watch_payments_credited_total{source="esplora"} 1');
  });
});
