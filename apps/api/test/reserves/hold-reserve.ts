import {
  currencies,
  currencyPairs,
  type Database,
  orders,
  type ReserveHoldState,
  reserveHolds,
} from "@obmen/db";
import { eq } from "drizzle-orm";

/**
 * Takes a reserve hold the way an order does (an order row plus its `reserve_holds` row), so
 * the export and reserve tests exercise the real table without depending on order creation.
 */
export async function holdReserve(
  db: Database,
  options: { urlXml: string; amount: string; state?: ReserveHoldState },
): Promise<string> {
  const [currency] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.urlXml, options.urlXml));
  if (!currency) throw new Error(`No currency ${options.urlXml}`);
  const [pair] = await db
    .select()
    .from(currencyPairs)
    .where(eq(currencyPairs.receiveCurrencyId, currency.id))
    .limit(1);
  if (!pair) throw new Error(`No pair pays out ${options.urlXml}`);
  const [order] = await db
    .insert(orders)
    .values({
      pairId: pair.id,
      sendCurrencyId: pair.sendCurrencyId,
      receiveCurrencyId: pair.receiveCurrencyId,
      sendAmount: "1",
      receiveAmount: options.amount,
      sendRate: pair.sendRate,
      receiveRate: pair.receiveRate,
      comissionAmount: pair.comissionAmount,
      sendRateReal: pair.sendRateReal,
      receiveRateReal: pair.receiveRateReal,
      email: "holder@example.com",
      locale: "en",
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning({ id: orders.id });
  await db.insert(reserveHolds).values({
    orderId: order!.id,
    currencyId: currency.id,
    amount: options.amount,
    state: options.state ?? "held",
  });
  return order!.id;
}

/** Releases every hold still `held`, as cancelling or expiring their orders would. */
export async function releaseAllHolds(db: Database): Promise<void> {
  await db.update(reserveHolds).set({ state: "released" }).where(eq(reserveHolds.state, "held"));
}
