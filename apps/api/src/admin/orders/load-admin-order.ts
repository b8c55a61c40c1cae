import { type AdminOrder, AppError, ErrorCode, type Locale } from "@obmen/contracts";
import {
  currencies,
  currencyFields,
  type Database,
  type OperatorRoleName,
  operators,
  orderEvents,
  orderPaymentTargets,
  orderPayouts,
  orderReceipts,
  orderRefunds,
  orders,
  paySystems,
  type Transaction,
} from "@obmen/db";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type NamedPaySystem, paySystemName } from "../../catalogue/pay-system-name.ts";
import { loadPaymentReceived } from "../../payments/load-payment-received.ts";
import { loadRiskFlags } from "../../risk/load-risk-flags.ts";
import { operatorNextStatuses } from "./operator-moves.ts";

type FieldRow = typeof currencyFields.$inferSelect;
const LABELS: Record<Locale, (field: FieldRow) => string> = {
  ru: (field) => field.labelRu,
  en: (field) => field.labelEn,
  uk: (field) => field.labelUk,
};

/**
 * One order as the desk shows it: amounts, both rates (applied and real), the customer's
 * fields unmasked (the operator pays out to them; the customer's page masks them, decision
 * 023), the receipts with links to their files, the history with the operator behind each
 * operator event, and the statuses the state machine lets this operator choose now (a refund
 * after completion only for an admin, operator-moves.ts).
 */
export async function loadAdminOrder(options: {
  db: Database | Transaction;
  orderId: string;
  lang: Locale;
  role: OperatorRoleName;
}): Promise<AdminOrder> {
  const { db, orderId, lang } = options;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new AppError(ErrorCode.NOT_FOUND);
  const currencyIds = [order.sendCurrencyId, order.receiveCurrencyId];
  const [currencyRows, fieldRows, events, receipts, payouts, riskFlags, refunds] =
    await Promise.all([
      db
        .select({ currency: currencies, paySystem: paySystems })
        .from(currencies)
        .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
        .where(inArray(currencies.id, currencyIds)),
      db.select().from(currencyFields).where(inArray(currencyFields.currencyId, currencyIds)),
      db
        .select({ event: orderEvents, operatorEmail: operators.email })
        .from(orderEvents)
        // actor_id is text (customers and operators have different id spaces): compare as text.
        .leftJoin(
          operators,
          and(
            eq(orderEvents.actorKind, "operator"),
            sql`${orderEvents.actorId} = ${operators.id}::text`,
          ),
        )
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(asc(orderEvents.id)),
      db
        .select({
          id: orderReceipts.id,
          fileName: orderReceipts.fileName,
          mimeType: orderReceipts.mimeType,
          sizeBytes: orderReceipts.sizeBytes,
          createdAt: orderReceipts.createdAt,
        })
        .from(orderReceipts)
        .where(eq(orderReceipts.orderId, order.id))
        .orderBy(asc(orderReceipts.id)),
      db.select().from(orderPayouts).where(eq(orderPayouts.orderId, order.id)),
      loadRiskFlags({ db, orderId: order.id }),
      db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)),
    ]);
  // An order is refunded once (`refunded` is terminal): the refund belongs to that event.
  const refund = refunds[0]
    ? { refund_to: refunds[0].refundTo, reference: refunds[0].reference }
    : null;
  const byId = new Map(currencyRows.map((row) => [row.currency.id, row]));
  const send = byId.get(order.sendCurrencyId)!;
  const [target] = await db
    .select()
    .from(orderPaymentTargets)
    .where(eq(orderPaymentTargets.orderId, order.id));
  const receive = byId.get(order.receiveCurrencyId)!;
  const definitions = new Map(
    fieldRows
      .filter(
        (field) =>
          (field.side === "send" && field.currencyId === order.sendCurrencyId) ||
          (field.side === "receive" && field.currencyId === order.receiveCurrencyId),
      )
      .map((field) => [field.key, field]),
  );
  return {
    exchange_uuid: order.id,
    exchange_status: order.status,
    send_amount: order.sendAmount,
    receive_amount: order.receiveAmount,
    send_currency: currencyView(send, lang),
    receive_currency: currencyView(receive, lang),
    email: order.email,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    rate: {
      send_rate: order.sendRate,
      receive_rate: order.receiveRate,
      send_rate_real: order.sendRateReal,
      receive_rate_real: order.receiveRateReal,
      comission_amount: order.comissionAmount,
    },
    pair_id: order.pairId,
    locale: order.locale as Locale,
    client_ip: order.clientIp,
    expires_at: order.expiresAt.toISOString(),
    fields: order.fields.map((field) => {
      const definition = definitions.get(field.key);
      return {
        key: field.key,
        label: definition ? LABELS[lang](definition) : field.key,
        value: field.value,
        side: definition?.side ?? (field.key.startsWith("send_") ? "send" : "receive"),
      };
    }),
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      file_name: receipt.fileName,
      mime_type: receipt.mimeType,
      size_bytes: receipt.sizeBytes,
      created_at: receipt.createdAt.toISOString(),
      url: `/admin/api/orders/${order.id}/receipts/${receipt.id}`,
    })),
    events: events.map(({ event, operatorEmail }) => ({
      status: event.status,
      actor: {
        kind: event.actorKind,
        operator_id: event.actorKind === "operator" && operatorEmail ? event.actorId : null,
        operator_email: event.actorKind === "operator" ? operatorEmail : null,
      },
      comment: event.comment,
      at: event.createdAt.toISOString(),
      refund: event.status === "refunded" ? refund : null,
    })),
    chain_payment: target
      ? {
          kind: target.kind,
          address: target.address,
          amount: target.amount,
          invoice_id: target.invoiceId,
          received: await loadPaymentReceived({
            db,
            target,
            currencyCode: send.currency.currencyCode,
          }),
        }
      : null,
    next_statuses: operatorNextStatuses({ from: order.status, role: options.role }),
    payout_reference: payouts[0]?.reference ?? null,
    risk_flags: riskFlags,
    refund,
  };
}

/** A side of the order, its pay system named in the console's language as the site names it. */
function currencyView(
  row: { currency: typeof currencies.$inferSelect; paySystem: NamedPaySystem },
  lang: Locale,
) {
  return {
    id: row.currency.id,
    url_xml: row.currency.urlXml,
    currency_code: row.currency.currencyCode,
    pay_system: paySystemName(row.paySystem, lang),
    decimals: row.currency.decimals,
  };
}
