import { isLocale } from "@obmen/contracts";
import { currencies, type Database, paymentWatches, paySystems } from "@obmen/db";
import { eq } from "drizzle-orm";
import { paySystemName } from "../catalogue/pay-system-name.ts";
import type { StoredOrderMail } from "../mail/order-mail.types.ts";
import { paymentInstructions } from "../orders/info/payment-instructions.ts";
import { assignPaymentTarget } from "./assign-payment-target.ts";
import { DEFAULT_GRACE_MS } from "./payment-settings.ts";

/**
 * A new order's letter, where its currency is watched on chain (issue 28, decision 059): the
 * payment instructions name the order's own address (or TRON's unique amount) instead of the
 * currency's static details the create wrote, since a payment sent there would match no
 * order. Called by the outbox as it renders the letter; the target is made here when nobody has
 * opened the order yet. Anything else is returned as it is.
 */
export async function letterWithOwnTarget(options: {
  db: Database;
  kind: string;
  content: unknown;
}): Promise<unknown> {
  if (options.kind !== "order_created" || options.content == null) return options.content;
  const stored = options.content as StoredOrderMail;
  if (stored.event.type !== "created") return options.content;
  const orderId = stored.order.id;
  const [row] = await options.db
    .select({ currency: currencies, paySystem: paySystems, watch: paymentWatches.kind })
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .innerJoin(paymentWatches, eq(paymentWatches.currencyId, currencies.id))
    .where(eq(currencies.id, stored.order.sendCurrencyId));
  if (!row) return options.content;
  // BTCPay invoices are made by the watcher's pass; the letter waits for none.
  const target = await assignPaymentTarget({ db: options.db, orderId, graceMs: DEFAULT_GRACE_MS });
  if (!target?.address) return options.content;
  const lang = isLocale(stored.order.locale) ? stored.order.locale : "ru";
  const own = paymentInstructions({
    currency: {
      currencyCode: row.currency.currencyCode,
      kind: row.currency.kind,
      networkCode: row.paySystem.networkCode,
      paySystemName: paySystemName(row.paySystem, lang),
      paymentTarget: row.currency.paymentTarget,
      paymentHolder: row.currency.paymentHolder,
      paymentTargetDemo: row.currency.paymentTargetDemo,
    },
    amount: stored.order.sendAmount,
    decimals: row.currency.decimals,
    lang,
    own: { target: target.address, amount: target.amount },
  });
  return {
    ...stored,
    event: {
      ...stored.event,
      paymentInstructions: { text: own.text, target: own.target, holder: own.holder, demo: false },
    },
  };
}
