import { isLocale, type Locale } from "@obmen/contracts";
import { currencies, currencyFields, type Database, paySystems, type Transaction } from "@obmen/db";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { paySystemName } from "../catalogue/pay-system-name.ts";
import type { OrderMailCurrency, OrderMailDisplay, OrderRow } from "./order-mail.types.ts";

const LABEL_COLUMN = {
  ru: currencyFields.labelRu,
  en: currencyFields.labelEn,
  uk: currencyFields.labelUk,
} as const satisfies Record<Locale, unknown>;

/**
 * What an order mail shows beyond the order row, read in the caller's transaction so the mail
 * and the order agree: both currencies and the pair's field labels in the order's language.
 * (Payment instructions come from orders/info/payment-instructions.ts, as on the order page.)
 */
export async function loadOrderMailDisplay(options: {
  tx: Transaction | Database;
  order: OrderRow;
}): Promise<OrderMailDisplay> {
  const { tx, order } = options;
  const locale: Locale = isLocale(order.locale) ? order.locale : "ru";
  const currencyRows = await tx
    .select({
      id: currencies.id,
      code: currencies.currencyCode,
      name: paySystems.name,
      nameRu: paySystems.nameRu,
      nameEn: paySystems.nameEn,
      nameUk: paySystems.nameUk,
      decimals: currencies.decimals,
    })
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .where(inArray(currencies.id, [order.sendCurrencyId, order.receiveCurrencyId]));
  const fieldRows = await tx
    .select({
      key: currencyFields.key,
      type: currencyFields.type,
      label: LABEL_COLUMN[locale],
      side: currencyFields.side,
    })
    .from(currencyFields)
    .where(
      or(
        and(eq(currencyFields.currencyId, order.sendCurrencyId), eq(currencyFields.side, "send")),
        and(
          eq(currencyFields.currencyId, order.receiveCurrencyId),
          eq(currencyFields.side, "receive"),
        ),
      ),
    )
    .orderBy(asc(currencyFields.sortOrder), asc(currencyFields.id));

  const find = (id: number) => {
    const row = currencyRows.find((currency) => currency.id === id);
    if (!row) throw new Error(`Order ${order.id} refers to missing currency ${id}`);
    return row;
  };
  const send = find(order.sendCurrencyId);
  const receive = find(order.receiveCurrencyId);
  const asCurrency = (row: typeof send): OrderMailCurrency => ({
    code: row.code,
    name: paySystemName(row, locale),
    decimals: row.decimals,
  });
  return {
    sendCurrency: asCurrency(send),
    receiveCurrency: asCurrency(receive),
    // A pair's fields: the send currency's, then the receive currency's (schema/catalogue.ts).
    fields: [
      ...fieldRows.filter((field) => field.side === "send"),
      ...fieldRows.filter((field) => field.side === "receive"),
    ].map(({ key, type, label }) => ({ key, type, label })),
  };
}
