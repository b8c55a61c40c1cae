import type { AdminCurrency, Locale } from "@obmen/contracts";
import {
  currencies,
  currencyFields,
  currencyHeld,
  type Database,
  paymentWatches,
  paySystems,
  type Transaction,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { asc, eq } from "drizzle-orm";
import { paySystemName } from "../../catalogue/pay-system-name.ts";
import { paymentWatchView } from "../../payments/bind-payment-watch.ts";
import { consoleAmount } from "../http/console-amount.ts";

type FieldRow = typeof currencyFields.$inferSelect;

/**
 * Currencies with their reserve, what open orders hold of it and what is left, as the console
 * lists them (sorted as the site sorts them). `id` narrows it to one.
 */
export async function loadAdminCurrencies(options: {
  db: Database | Transaction;
  id?: number;
  /** The console's language, for the pay system's shown name. */
  lang?: Locale;
}): Promise<AdminCurrency[]> {
  const rows = await options.db
    .select({
      currency: currencies,
      paySystem: paySystems,
      held: currencyHeld.held,
      watch: paymentWatches,
    })
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .leftJoin(currencyHeld, eq(currencyHeld.currencyId, currencies.id))
    .leftJoin(paymentWatches, eq(paymentWatches.currencyId, currencies.id))
    .where(options.id === undefined ? undefined : eq(currencies.id, options.id))
    .orderBy(asc(currencies.sortOrder), asc(currencies.id));
  const fieldRows = await options.db
    .select()
    .from(currencyFields)
    .where(options.id === undefined ? undefined : eq(currencyFields.currencyId, options.id))
    .orderBy(asc(currencyFields.side), asc(currencyFields.sortOrder), asc(currencyFields.id));
  const fieldsOf = new Map<number, FieldRow[]>();
  for (const field of fieldRows) {
    fieldsOf.set(field.currencyId, [...(fieldsOf.get(field.currencyId) ?? []), field]);
  }
  return rows.map(({ currency, paySystem, held, watch }) => {
    const heldAmount = held ?? "0";
    return {
      id: currency.id,
      pay_system: {
        id: paySystem.id,
        name: paySystem.name,
        shown_name: paySystemName(paySystem, options.lang ?? "ru"),
        icon: paySystem.icon,
        network_code: paySystem.networkCode,
      },
      currency_code: currency.currencyCode,
      url_xml: currency.urlXml,
      kind: currency.kind,
      decimals: currency.decimals,
      reserve: currency.reserve,
      held: heldAmount,
      // May be negative when the operator lowered the reserve below what orders already hold.
      available: consoleAmount(
        toDecimal(currency.reserve).minus(heldAmount),
        currency.decimals,
        "down",
      ),
      reserve_name: currency.reserveName,
      reserve_warning: currency.reserveWarning,
      send_min: currency.sendMin,
      send_max: currency.sendMax,
      active: currency.active,
      sort_order: currency.sortOrder,
      payment_target: currency.paymentTarget,
      payment_holder: currency.paymentHolder,
      payment_watch: watch ? paymentWatchView(watch, currency.currencyCode) : null,
      fields: (fieldsOf.get(currency.id) ?? []).map((field) => ({
        side: field.side,
        key: field.key,
        type: field.type,
        network: field.network,
        format: field.format,
        label_ru: field.labelRu,
        label_en: field.labelEn,
        label_uk: field.labelUk,
        required: field.required,
        sort_order: field.sortOrder,
      })),
      updated_at: currency.updatedAt.toISOString(),
    };
  });
}
