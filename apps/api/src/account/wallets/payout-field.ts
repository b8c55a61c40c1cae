import { AppError, ErrorCode, type Locale } from "@obmen/contracts";
import { currencies, currencyFields, type Database } from "@obmen/db";
import { and, asc, desc, eq } from "drizzle-orm";
import { canBeRowId } from "../user-records.ts";

export interface PayoutField {
  key: string;
  type: (typeof currencyFields.$inferSelect)["type"];
  network: string | null;
  format: string | null;
  label: string;
}

/**
 * The field a saved wallet fills: the currency's main receive field, the first required one in
 * the order form's order (the address, the card number, the SBP phone, the account), so the
 * value is checked by exactly the rule the order form applies to it. An unknown or switched-off
 * currency, or one that asks nothing to pay out, is a refusal under `currency_id`.
 */
export async function payoutFieldOf(options: {
  db: Database;
  currencyId: number;
  lang: Locale;
}): Promise<PayoutField> {
  const { db, currencyId } = options;
  const [currency] = canBeRowId(currencyId)
    ? await db
        .select({ id: currencies.id })
        .from(currencies)
        .where(and(eq(currencies.id, currencyId), eq(currencies.active, true)))
    : [];
  if (!currency) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { currency_id: { key: "AccountErrors.UnknownCurrency" } },
    });
  }
  const [field] = await db
    .select()
    .from(currencyFields)
    .where(and(eq(currencyFields.currencyId, currencyId), eq(currencyFields.side, "receive")))
    .orderBy(desc(currencyFields.required), asc(currencyFields.sortOrder), asc(currencyFields.id))
    .limit(1);
  if (!field) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { currency_id: { key: "AccountErrors.NoPayoutField" } },
    });
  }
  const label = { ru: field.labelRu, en: field.labelEn, uk: field.labelUk }[options.lang];
  return { key: field.key, type: field.type, network: field.network, format: field.format, label };
}
