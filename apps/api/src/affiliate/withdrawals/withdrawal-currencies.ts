import type { Locale, OrderFieldDefinition, WithdrawalCurrency } from "@obmen/contracts";
import { currencies, currencyFields, type Database, paySystems } from "@obmen/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import { paySystemName } from "../../catalogue/pay-system-name.ts";
import type { AffiliateSettings } from "../affiliate-settings.ts";

/**
 * `/rest/currency/withdrawal_list`: where a partner may be paid. The balance is in the programme
 * currency, so the choices are the active currencies of that code (USDT on TRON, on Ethereum,
 * …) that ask for payout details; each with the minimum and its receive fields, shaped like a
 * pair's order fields, whose rules the payout details must pass. Read through the cache
 * (withdrawal-currency-cache.ts), which drops it on every catalogue change.
 */
export async function listWithdrawalCurrencies(options: {
  db: Database;
  settings: AffiliateSettings;
  lang: Locale;
}): Promise<WithdrawalCurrency[]> {
  const { db, settings, lang } = options;
  const rows = await db
    .select({ currency: currencies, paySystem: paySystems })
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .where(and(eq(currencies.currencyCode, settings.currency), eq(currencies.active, true)))
    .orderBy(asc(currencies.sortOrder), asc(currencies.id));
  if (rows.length === 0) return [];
  const fields = await db
    .select()
    .from(currencyFields)
    .where(
      and(
        inArray(
          currencyFields.currencyId,
          rows.map(({ currency }) => currency.id),
        ),
        eq(currencyFields.side, "receive"),
      ),
    )
    .orderBy(asc(currencyFields.sortOrder), asc(currencyFields.id));
  return rows
    .map(({ currency, paySystem }) => ({
      id: currency.id,
      name: paySystemName(paySystem, lang),
      code: currency.currencyCode,
      min_amount: settings.minWithdrawal,
      fields: fields
        .filter((field) => field.currencyId === currency.id)
        .map(
          (field): OrderFieldDefinition => ({
            key: field.key,
            type: field.type,
            network: field.network,
            format: field.format,
            label: { ru: field.labelRu, en: field.labelEn, uk: field.labelUk }[lang],
            required: field.required,
            side: "receive",
          }),
        ),
    }))
    .filter((currency) => currency.fields.length > 0);
}
