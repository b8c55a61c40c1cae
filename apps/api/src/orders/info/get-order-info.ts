import { AppError, ErrorCode, type Locale, type OrderInfo } from "@obmen/contracts";
import {
  currencies,
  currencyFields,
  type Database,
  orderEvents,
  orderPaymentTargets,
  orderPayouts,
  orderReceipts,
  orderReviews,
  orders,
  paymentWatches,
  paySystems,
} from "@obmen/db";
import { isCustomerStatus, maskEmail, maskFieldValue, nextStatuses } from "@obmen/domain";
import { asc, eq, inArray } from "drizzle-orm";
import { paySystemName } from "../../catalogue/pay-system-name.ts";
import { assignPaymentTarget } from "../../payments/assign-payment-target.ts";
import { loadPaymentReceived } from "../../payments/load-payment-received.ts";
import type { OrderCreatorKeys } from "../creator/creator-keys.ts";
import { isCreatorOrOwner, type OrderMoverProof } from "../creator/order-mover-proof.ts";
import { paymentInstructions } from "./payment-instructions.ts";

type FieldRow = typeof currencyFields.$inferSelect;
const LABELS: Record<Locale, (field: FieldRow) => string> = {
  ru: (field) => field.labelRu,
  en: (field) => field.labelEn,
  uk: (field) => field.labelUk,
};

/**
 * `/rest/exchange/info`: everything the order page shows. The unguessable uuid is the
 * capability to read the order (DESIGN.md "Orders"), as with every exchanger's order link.
 * Its e-mail is in full only for the creator and the owner (decision 052).
 */
export async function getOrderInfo(options: {
  db: Database;
  orderId: string;
  lang: Locale;
  /** Where the order's currency is watched on chain: its own target is made on first read. */
  payments?: Omit<Parameters<typeof assignPaymentTarget>[0], "db" | "orderId"> & {
    onError: (error: unknown) => void;
  };
  viewer: Omit<OrderMoverProof, "email">;
  keys: OrderCreatorKeys;
}): Promise<OrderInfo> {
  const { db, orderId, lang } = options;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new AppError(ErrorCode.NOT_FOUND);
  const provenViewer = isCreatorOrOwner({ order, proof: options.viewer, keys: options.keys });

  const currencyIds = [order.sendCurrencyId, order.receiveCurrencyId];
  const [currencyRows, fieldRows, events, receipts, reviews, payouts, targets] = await Promise.all([
    db
      .select({ currency: currencies, paySystem: paySystems, watched: paymentWatches.kind })
      .from(currencies)
      .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
      .leftJoin(paymentWatches, eq(paymentWatches.currencyId, currencies.id))
      .where(inArray(currencies.id, currencyIds)),
    db.select().from(currencyFields).where(inArray(currencyFields.currencyId, currencyIds)),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id)),
    db
      .select({
        id: orderReceipts.id,
        fileName: orderReceipts.fileName,
        createdAt: orderReceipts.createdAt,
      })
      .from(orderReceipts)
      .where(eq(orderReceipts.orderId, order.id))
      .orderBy(asc(orderReceipts.id)),
    db.select().from(orderReviews).where(eq(orderReviews.orderId, order.id)).limit(1),
    db
      .select({ reference: orderPayouts.reference })
      .from(orderPayouts)
      .where(eq(orderPayouts.orderId, order.id)),
    db.select().from(orderPaymentTargets).where(eq(orderPaymentTargets.orderId, order.id)),
  ]);
  const byId = new Map(currencyRows.map((row) => [row.currency.id, row]));
  const send = byId.get(order.sendCurrencyId)!;
  // The order's own target where its currency is watched on chain, made on this first read
  // (decision 058); a failure leaves the page with the currency's own details, and the
  // watcher's pass makes the target later (watch-payments.ts).
  const target =
    targets[0] ??
    (options.payments && send.watched
      ? await assignPaymentTarget({ db, orderId, graceMs: options.payments.graceMs }).catch(
          (error: unknown) => {
            options.payments?.onError(error);
            return null;
          },
        )
      : null);
  const receive = byId.get(order.receiveCurrencyId)!;
  // The definitions the order was filled from: the send currency's `send` fields and the
  // receive currency's `receive` ones (each currency also defines fields for its other side).
  const definitions = new Map(
    fieldRows
      .filter(
        (field) =>
          (field.side === "send" && field.currencyId === order.sendCurrencyId) ||
          (field.side === "receive" && field.currencyId === order.receiveCurrencyId),
      )
      .map((field) => [field.key, field]),
  );
  const review = reviews[0];
  // Past its rate lock an unpaid order is expired, whether or not the sweep (order-jobs.ts)
  // has recorded it yet: the page must not offer "I paid", which the update would refuse.
  const currentStatus =
    order.status === "new" && order.expiresAt <= new Date() ? "expired" : order.status;

  return {
    exchange_uuid: order.id,
    exchange_status: currentStatus,
    send_amount: order.sendAmount,
    receive_amount: order.receiveAmount,
    rate: {
      send_rate: order.sendRate,
      receive_rate: order.receiveRate,
      comission_amount: order.comissionAmount,
    },
    send_currency: toOrderCurrency(send, lang),
    receive_currency: toOrderCurrency(receive, lang),
    fields: order.fields.map((field) => {
      const definition = definitions.get(field.key);
      return {
        key: field.key,
        label: definition ? LABELS[lang](definition) : field.key,
        // Anyone with the link reads this answer (docs/decisions/023-order-page-privacy.md).
        value: maskFieldValue({ value: field.value, type: definition?.type }),
        // A key starts with its side (currency_fields_key_check), even once its definition is gone.
        side: definition?.side ?? (field.key.startsWith("send_") ? "send" : "receive"),
      };
    }),
    email: provenViewer ? order.email : maskEmail(order.email),
    email_required: !provenViewer,
    created_at: order.createdAt.toISOString(),
    expires_at: order.expiresAt.toISOString(),
    payment: paymentInstructions({
      currency: {
        currencyCode: send.currency.currencyCode,
        kind: send.currency.kind,
        networkCode: send.paySystem.networkCode,
        paySystemName: paySystemName(send.paySystem, lang),
        paymentTarget: send.currency.paymentTarget,
        paymentHolder: send.currency.paymentHolder,
        paymentTargetDemo: send.currency.paymentTargetDemo,
      },
      amount: order.sendAmount,
      decimals: send.currency.decimals,
      lang,
      own: target?.address ? { target: target.address, amount: target.amount } : null,
      received: target
        ? await loadPaymentReceived({ db, target, currencyCode: send.currency.currencyCode })
        : null,
    }),
    history: events.map((event) => ({
      status: event.status,
      at: event.createdAt.toISOString(),
      actor: event.actorKind,
      comment: event.comment,
    })),
    customer_actions: nextStatuses({ from: currentStatus, actor: "customer" }).filter(
      isCustomerStatus,
    ),
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      file_name: receipt.fileName,
      created_at: receipt.createdAt.toISOString(),
    })),
    review: review ? { rating: review.rating, text: review.text ?? "" } : null,
    can_review: order.status === "completed" && !review,
    payout_reference: payouts[0]?.reference ?? null,
  };
}

function toOrderCurrency(
  row: {
    currency: typeof currencies.$inferSelect;
    paySystem: typeof paySystems.$inferSelect;
  },
  lang: Locale,
): OrderInfo["send_currency"] {
  return {
    id: row.currency.id,
    name: paySystemName(row.paySystem, lang),
    currency_code: row.currency.currencyCode,
    url_xml: row.currency.urlXml,
    icon: row.paySystem.icon,
    network_code: row.paySystem.networkCode,
    kind: row.currency.kind,
    decimal: row.currency.decimals,
  };
}
