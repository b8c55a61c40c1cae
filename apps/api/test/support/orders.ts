import { randomUUID } from "node:crypto";
import type { CurrencyPairEntry, OrderFieldDefinition, OrderFieldFormat } from "@obmen/contracts";
import type { currencyPairs, orders } from "@obmen/db";
import type { FastifyInstance } from "fastify";
import type { NewOrder } from "../../src/orders/create/insert-new-orders.ts";
import { callApi } from "./test-api.ts";

/** A valid value for each kind of order field, as a customer would type it. */
const VALID_ADDRESSES: Record<string, string> = {
  BTC: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  ETH: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  TRX: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  TON: "EQDtFpEwcFAEcRe5mLVh2N6C0x-_hJEM7W61_JLnSF74p4q2",
  LTC: "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea",
  SOL: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
  DOGE: "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L",
};

/** A real-looking account for each payment system's format (decision 025). */
export const VALID_FORMATTED: Record<OrderFieldFormat, string> = {
  yoomoney_wallet: "4100 1116 1616 877",
  payeer_account: "P1234567",
  advcash_usd_wallet: "U 1234 5678 9012",
  iban: "GB82 WEST 1234 5698 7654 32",
  sbp_phone: "+7 900 123-45-67",
};

function validValue(field: OrderFieldDefinition): string {
  if (field.format) return VALID_FORMATTED[field.format];
  switch (field.type) {
    case "crypto_address":
      return VALID_ADDRESSES[field.network ?? ""] ?? "account-12345";
    case "card_number":
      return "4111 1111 1111 1111";
    case "phone":
      return "+7 900 123-45-67";
    case "full_name":
      return "Ivan Petrov";
    case "email":
      return "payer@example.com";
    default:
      return "Sberbank";
  }
}

export async function listPairs(app: FastifyInstance): Promise<CurrencyPairEntry[]> {
  return (await callApi(app, "/rest/currency_pair/list")).body.data;
}

export function findPair(pairs: CurrencyPairEntry[], from: string, to: string): CurrencyPairEntry {
  const pair = pairs.find(
    (p) =>
      p.currency_pair.send_currency.url_xml === from &&
      p.currency_pair.receive_currency.url_xml === to,
  );
  if (!pair) throw new Error(`no pair ${from}→${to} in the demo catalogue`);
  return pair;
}

/** The calculator form for a pair, filled correctly; override any part to make it wrong. */
export function createForm(pair: CurrencyPairEntry, overrides: Record<string, unknown> = {}) {
  const { send_currency: send, receive_currency: receive } = pair.currency_pair;
  return {
    currency_pairs_in_service_id: pair.id,
    email: "customer@example.com",
    fields: pair.fields.map((field) => ({ key: field.key, value: validValue(field) })),
    send_amount:
      send.currency_in_services.min_send_sum ??
      send.currency_in_services.send_limit.min_send_sum ??
      "10",
    send_rate: pair.rate.send_rate,
    receive_rate: pair.rate.receive_rate,
    send_name: send.pay_system.name,
    receive_name: receive.pay_system.name,
    send_key_code: send.url_xml,
    receive_key_code: receive.url_xml,
    send_decimal: send.currency_in_services.decimal,
    receive_decimal: receive.currency_in_services.decimal,
    send_currency: send.currency_code.name,
    receive_currency: receive.currency_code.name,
    ...overrides,
  };
}

/**
 * A new order's row on `pair` at the pair's current rate, as create_order() takes it; the
 * amounts are the caller's (nothing here checks them against the rate).
 */
export function newOrderRow(
  pair: typeof currencyPairs.$inferSelect,
  amounts: { sendAmount: string; receiveAmount: string },
): typeof orders.$inferSelect {
  const createdAt = new Date();
  return {
    id: randomUUID(),
    pairId: pair.id,
    sendCurrencyId: pair.sendCurrencyId,
    receiveCurrencyId: pair.receiveCurrencyId,
    status: "new",
    ...amounts,
    sendRate: pair.sendRate,
    receiveRate: pair.receiveRate,
    comissionAmount: pair.comissionAmount,
    sendRateReal: pair.sendRateReal,
    receiveRateReal: pair.receiveRateReal,
    email: "customer@example.com",
    locale: "en",
    fields: [],
    userId: null,
    referrerId: null,
    clientIp: "203.0.113.7",
    idempotencyKey: randomUUID(),
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
    updatedAt: createdAt,
  };
}

/** A new order's e-mail for tests that never render it: its content is an empty stand-in. */
export function stubOrderMail(): NonNullable<NewOrder["mail"]> {
  return {
    to: "customer@example.com",
    subject: "subject",
    content: {} as NonNullable<NewOrder["mail"]>["content"],
    locale: "en",
    kind: "order_created",
  };
}
