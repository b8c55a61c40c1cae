import type { Locale } from "@obmen/contracts";
import {
  currencies,
  currencyPairs,
  type Database,
  type OrderFieldValue,
  type OrderStatus,
  orders,
  type Transaction,
} from "@obmen/db";
import { and, eq, inArray } from "drizzle-orm";
import type { OrderMailPaymentInstructions, OrderRow } from "../../../src/mail/index.ts";

export const CARD_NUMBER = "2200 7001 2345 6789";
export const HOSTILE_NAME = `<script>alert("x")</script> Ivan & "Co"`;
const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

/** Shaped like the order page's `payment` (orders/info/payment-instructions.ts) for this order. */
export const PAYMENT: Record<Locale, OrderMailPaymentInstructions> = {
  ru: {
    text: "Отправьте ровно 0,015\u00a0BTC одним переводом на адрес ниже. Другая сеть или сумма задержат обмен.",
    target: BTC_ADDRESS,
    holder: null,
  },
  en: {
    text: "Send exactly 0.015\u00a0BTC in one transfer to the address below. Another network or amount will delay the exchange.",
    target: BTC_ADDRESS,
    holder: null,
  },
  uk: {
    text: "Надішліть рівно 0,015\u00a0BTC одним переказом на адресу нижче. Інша мережа чи сума затримають обмін.",
    target: BTC_ADDRESS,
    holder: null,
  },
};

/**
 * A real order row on the seeded demo catalogue: BTC → Sberbank RUB, paid out to a card, with
 * the customer's card number and a name that tries to inject markup.
 */
export async function insertOrder(
  db: Database | Transaction,
  options: {
    locale?: Locale;
    email?: string;
    status?: OrderStatus;
    fields?: OrderFieldValue[];
  } = {},
): Promise<OrderRow> {
  const found = await db
    .select({ id: currencies.id, urlXml: currencies.urlXml })
    .from(currencies)
    .where(inArray(currencies.urlXml, ["BTC", "SBERRUB"]));
  const btc = found.find((currency) => currency.urlXml === "BTC")!;
  const sber = found.find((currency) => currency.urlXml === "SBERRUB")!;
  const [pair] = await db
    .select()
    .from(currencyPairs)
    .where(
      and(eq(currencyPairs.sendCurrencyId, btc.id), eq(currencyPairs.receiveCurrencyId, sber.id)),
    );
  if (!pair) throw new Error("the demo catalogue has no BTC → SBERRUB pair");
  const [order] = await db
    .insert(orders)
    .values({
      id: crypto.randomUUID(),
      pairId: pair.id,
      sendCurrencyId: btc.id,
      receiveCurrencyId: sber.id,
      status: options.status ?? "new",
      sendAmount: "0.015",
      receiveAmount: "118350.5",
      sendRate: "1",
      receiveRate: "7890000",
      comissionAmount: "0",
      sendRateReal: "1",
      receiveRateReal: "8050000",
      email: options.email ?? "customer@example.com",
      locale: options.locale ?? "ru",
      fields: options.fields ?? [
        { key: "receive_card_number", value: CARD_NUMBER },
        { key: "receive_full_name", value: HOSTILE_NAME },
      ],
      createdAt: new Date("2026-11-21T07:30:00Z"),
      expiresAt: new Date("2026-11-21T08:00:00Z"),
    })
    .returning();
  return order!;
}
