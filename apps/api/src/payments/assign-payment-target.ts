import {
  currencies,
  type Database,
  orderPaymentTargets,
  orders,
  paymentWatches,
  type Transaction,
  xpubCounters,
} from "@obmen/db";
import { isTerminal, toDecimal } from "@obmen/domain";
import { and, eq, sql } from "drizzle-orm";
import { deriveAddress, parseExtendedKey } from "./derive-address.ts";
import { stillWatched } from "./still-watched.ts";

export type PaymentTarget = typeof orderPaymentTargets.$inferSelect;

/** USDT on TRON counts in millionths (the TRC20 contract's `decimals`). */
const TRON_PLACES = 6;
/** At most this many open orders share one amount's range on one TRON address. */
const TRON_UNIQUE_STEPS = 9_999;

/**
 * The order's own payment target, made once (decision 058): the next address of the send
 * currency's extended key (esplora), or its amount made unique among the open orders paying
 * the operator's TRON address, or a BTCPay invoice (`createInvoice`, called outside the
 * transaction). The order row is locked, so two readers of a new order make one target; the
 * key's counter is taken with `UPDATE … RETURNING`, so no two orders, on any replica, ever get
 * one address. Null when the currency is confirmed by hand, or the order is over.
 */
export async function assignPaymentTarget(options: {
  db: Database;
  orderId: string;
  graceMs: number;
  createInvoice?: (order: {
    id: string;
    amount: string;
    currencyCode: string;
  }) => Promise<{ invoiceId: string; address: string | null }>;
}): Promise<PaymentTarget | null> {
  const { db, orderId } = options;
  const [existing] = await db
    .select()
    .from(orderPaymentTargets)
    .where(eq(orderPaymentTargets.orderId, orderId));
  if (existing) return existing;
  const [candidate] = await db
    .select({ order: orders, watch: paymentWatches, currencyCode: currencies.currencyCode })
    .from(orders)
    .innerJoin(paymentWatches, eq(paymentWatches.currencyId, orders.sendCurrencyId))
    .innerJoin(currencies, eq(currencies.id, orders.sendCurrencyId))
    .where(eq(orders.id, orderId));
  if (!candidate || isTerminal(candidate.order.status)) return null;
  let invoice: { invoiceId: string; address: string | null } | null = null;
  if (candidate.watch.kind === "btcpay") {
    if (!options.createInvoice) return null;
    invoice = await options.createInvoice({
      id: orderId,
      amount: candidate.order.sendAmount,
      currencyCode: candidate.currencyCode,
    });
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const [again] = await tx
      .select()
      .from(orderPaymentTargets)
      .where(eq(orderPaymentTargets.orderId, orderId));
    if (again || !order) return again ?? null;
    const { watch } = candidate;
    const base = {
      orderId,
      currencyId: order.sendCurrencyId,
      kind: watch.kind,
      // BTCPay decides when a payment is settled (its speed policy): one step, seen → settled.
      requiredConfirmations: watch.kind === "btcpay" ? 1 : watch.confirmations,
      watchUntil: new Date(order.expiresAt.getTime() + options.graceMs),
    };
    let values: typeof orderPaymentTargets.$inferInsert;
    if (watch.kind === "esplora") {
      const index = await takeNextIndex(tx, watch.xpub!);
      const parsed = parseExtendedKey({ xpub: watch.xpub!, currencyCode: candidate.currencyCode });
      const address = deriveAddress({ parsed, index });
      values = { ...base, address, derivationIndex: index, amount: order.sendAmount };
    } else if (watch.kind === "tron") {
      const amount = await uniqueTronAmount(tx, watch.address!, order.sendAmount, options.graceMs);
      values = { ...base, address: watch.address, amount };
    } else {
      values = {
        ...base,
        invoiceId: invoice?.invoiceId ?? null,
        address: invoice?.address ?? null,
        amount: order.sendAmount,
      };
    }
    const [target] = await tx.insert(orderPaymentTargets).values(values).returning();
    return target!;
  });
}

/** The key's next child index, taken atomically: the row's update lock orders the takers. */
async function takeNextIndex(tx: Transaction, xpub: string): Promise<number> {
  const [row] = await tx
    .insert(xpubCounters)
    .values({ xpub, nextIndex: 1 })
    .onConflictDoUpdate({
      target: xpubCounters.xpub,
      set: { nextIndex: sql`${xpubCounters.nextIndex} + 1` },
    })
    .returning({ nextIndex: xpubCounters.nextIndex });
  return row!.nextIndex - 1;
}

/**
 * The order's amount raised by the smallest number of millionths no other watched order on
 * this address uses, so a transfer's value names its order. The address's watch row is taken
 * first (`pg_advisory_xact_lock` on its hash), so two orders created at once pick in turn.
 */
async function uniqueTronAmount(tx: Transaction, address: string, amount: string, graceMs: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tron:${address}`}))`);
  const taken = await tx
    .select({ amount: orderPaymentTargets.amount })
    .from(orderPaymentTargets)
    .innerJoin(orders, eq(orders.id, orderPaymentTargets.orderId))
    .where(
      and(
        eq(orderPaymentTargets.address, address),
        eq(orderPaymentTargets.kind, "tron"),
        stillWatched({ now: new Date(), graceMs }),
      ),
    );
  const used = new Set(taken.map((row) => toDecimal(row.amount).toFixed(TRON_PLACES)));
  const step = toDecimal(`0.${"0".repeat(TRON_PLACES - 1)}1`);
  for (let k = 1; k <= TRON_UNIQUE_STEPS; k++) {
    const candidate = toDecimal(amount).plus(step.times(k)).toFixed(TRON_PLACES);
    if (!used.has(candidate)) return toDecimal(candidate).toFixed();
  }
  throw new Error(`no unique amount left near ${amount} on ${address}`);
}
