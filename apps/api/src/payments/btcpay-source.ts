import { createHmac, timingSafeEqual } from "node:crypto";
import { toDecimal } from "@obmen/domain";
import { z } from "zod";
import {
  fetchJson,
  type ObservedTransfer,
  type PaymentSource,
  type SourceLog,
} from "./payment-source.ts";

export interface BtcpaySettings {
  url: string;
  apiKey: string;
  storeId: string;
}

/** `POST /api/v1/stores/{storeId}/invoices`'s answer, the fields used (Greenfield API v1). */
const Invoice = z.object({ id: z.string().min(1).max(100), checkoutLink: z.string().optional() });

/** One item of `GET …/invoices/{invoiceId}/payment-methods` (Greenfield API v1). */
const PaymentMethod = z.object({
  destination: z.string().optional(),
  payments: z.array(
    z.object({
      id: z.string().min(1),
      value: z.string().regex(/^\d+(\.\d+)?$/),
      status: z.enum(["Invalid", "Processing", "Settled"]),
    }),
  ),
});
const PaymentMethods = z.array(z.unknown());

function endpoints(settings: BtcpaySettings) {
  const base = `${settings.url.replace(/\/+$/, "")}/api/v1/stores/${encodeURIComponent(settings.storeId)}`;
  return {
    invoices: `${base}/invoices`,
    paymentMethods: (invoiceId: string) =>
      `${base}/invoices/${encodeURIComponent(invoiceId)}/payment-methods`,
    headers: { authorization: `token ${settings.apiKey}` },
  };
}

/**
 * An invoice for the order's send amount in its own currency, the order's id in its metadata
 * (so the operator finds it in BTCPay), and the address BTCPay gives for it. Throws when
 * BTCPay does not answer with an invoice: the order then shows no own target until a later try.
 */
export async function createBtcpayInvoice(options: {
  settings: BtcpaySettings;
  order: { id: string; amount: string; currencyCode: string };
  log: SourceLog;
}): Promise<{ invoiceId: string; address: string | null }> {
  const { settings, order, log } = options;
  const api = endpoints(settings);
  const body = await fetchJson({
    url: api.invoices,
    method: "POST",
    headers: api.headers,
    body: { amount: order.amount, currency: order.currencyCode, metadata: { orderId: order.id } },
    log,
  });
  const invoice = Invoice.safeParse(body);
  if (!invoice.success) throw new Error("btcpay: the invoice create answered no invoice");
  const methods = await fetchJson({
    url: api.paymentMethods(invoice.data.id),
    headers: api.headers,
    log,
  });
  const first = PaymentMethods.safeParse(methods);
  const method = first.success ? PaymentMethod.safeParse(first.data[0]) : undefined;
  return {
    invoiceId: invoice.data.id,
    address: method?.success ? (method.data.destination ?? null) : null,
  };
}

/**
 * BTCPay Server: each target's invoice read with `GET …/payment-methods`. A payment BTCPay
 * calls `Settled` (its store's speed policy met) counts as confirmed, `Processing` as seen,
 * `Invalid` (double-spent, or never confirmed in time) not at all.
 */
export function createBtcpaySource(options: {
  settings: BtcpaySettings;
  log: SourceLog;
}): PaymentSource {
  const { log } = options;
  const api = endpoints(options.settings);
  return {
    kind: "btcpay",
    async observe(targets) {
      const result = new Map<string, ObservedTransfer[]>();
      for (const target of targets) {
        if (!target.invoiceId) continue;
        const body = await fetchJson({
          url: api.paymentMethods(target.invoiceId),
          headers: api.headers,
          log,
        });
        const list = PaymentMethods.safeParse(body);
        if (!list.success) {
          log.warn({ invoice: target.invoiceId }, "btcpay: payment methods are not a list");
          continue;
        }
        result.set(target.orderId, paymentsOf(list.data, target.requiredConfirmations, log));
      }
      return result;
    },
  };
}

export function paymentsOf(
  methods: unknown[],
  required: number,
  log: SourceLog,
): ObservedTransfer[] {
  const transfers: ObservedTransfer[] = [];
  for (const raw of methods) {
    const method = PaymentMethod.safeParse(raw);
    if (!method.success) {
      log.warn({ issue: method.error.issues[0]?.message }, "btcpay: not a payment method");
      continue;
    }
    for (const payment of method.data.payments) {
      if (payment.status === "Invalid" || toDecimal(payment.value).lte(0)) continue;
      transfers.push({
        txId: payment.id,
        amount: toDecimal(payment.value).toFixed(),
        confirmations: payment.status === "Settled" ? required : 0,
      });
    }
  }
  return transfers;
}

/**
 * BTCPay's `BTCPay-Sig` header: `sha256=` and the hex HMAC-SHA256 of the raw body under the
 * webhook's secret. Compared in constant time; anything else (no header, another scheme, a
 * wrong length) is false.
 */
export function isBtcpaySignatureValid(options: {
  secret: string;
  rawBody: Buffer;
  header: string | undefined;
}): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(options.header?.trim() ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", options.secret).update(options.rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}
