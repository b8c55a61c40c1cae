import type { Currency, CurrencyPairEntry, Locale, OrderFieldDefinition } from "@obmen/contracts";
import {
  currencies,
  currencyFields,
  currencyHeld,
  currencyPairs,
  type Database,
  paySystems,
} from "@obmen/db";
import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { availableReserve } from "./available-reserve.ts";
import { paySystemName } from "./pay-system-name.ts";

type CurrencyRow = typeof currencies.$inferSelect;
type PaySystemRow = typeof paySystems.$inferSelect;
type FieldRow = typeof currencyFields.$inferSelect;

/**
 * Reads every active pair with both currencies, their available reserves (declared reserve
 * minus open holds) and the pair's order fields, in the spec's wire shape (spec §3).
 * Three queries whatever the catalogue size; the result is cached by `pair-cache.ts`.
 */
export async function loadCurrencyPairs(options: {
  db: Database;
  lang: Locale;
}): Promise<LoadedPairs> {
  const { db, lang } = options;
  const sendCurrency = alias(currencies, "send_currency");
  const receiveCurrency = alias(currencies, "receive_currency");
  const sendPaySystem = alias(paySystems, "send_pay_system");
  const receivePaySystem = alias(paySystems, "receive_pay_system");
  const sendHeld = alias(currencyHeld, "send_held");
  const receiveHeld = alias(currencyHeld, "receive_held");

  const [rows, fields] = await Promise.all([
    db
      .select({
        pair: currencyPairs,
        send: sendCurrency,
        sendPaySystem,
        sendHeld: sendHeld.held,
        receive: receiveCurrency,
        receivePaySystem,
        receiveHeld: receiveHeld.held,
      })
      .from(currencyPairs)
      .innerJoin(sendCurrency, eq(sendCurrency.id, currencyPairs.sendCurrencyId))
      .innerJoin(receiveCurrency, eq(receiveCurrency.id, currencyPairs.receiveCurrencyId))
      .innerJoin(sendPaySystem, eq(sendPaySystem.id, sendCurrency.paySystemId))
      .innerJoin(receivePaySystem, eq(receivePaySystem.id, receiveCurrency.paySystemId))
      .leftJoin(sendHeld, eq(sendHeld.currencyId, sendCurrency.id))
      .leftJoin(receiveHeld, eq(receiveHeld.currencyId, receiveCurrency.id))
      .where(
        and(
          eq(currencyPairs.active, true),
          eq(sendCurrency.active, true),
          eq(receiveCurrency.active, true),
          // An automatic rate past its freshness limit is out of service (decision 056).
          or(isNull(currencyPairs.rateFreshUntil), gt(currencyPairs.rateFreshUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(currencyPairs.sortOrder), asc(currencyPairs.id)),
    db.select().from(currencyFields).orderBy(asc(currencyFields.sortOrder), asc(currencyFields.id)),
  ]);

  const fieldsByCurrency = new Map<number, FieldRow[]>();
  for (const field of fields) {
    const list = fieldsByCurrency.get(field.currencyId) ?? [];
    list.push(field);
    fieldsByCurrency.set(field.currencyId, list);
  }
  const fieldsOf = (currencyId: number, side: "send" | "receive") =>
    (fieldsByCurrency.get(currencyId) ?? [])
      .filter((field) => field.side === side)
      .map((field) => toFieldDefinition(field, lang));

  let freshUntil: number | null = null;
  for (const { pair } of rows) {
    const until = pair.rateFreshUntil?.getTime();
    if (until !== undefined && (freshUntil === null || until < freshUntil)) freshUntil = until;
  }
  const entries = rows.map(
    ({ pair, send, sendPaySystem, sendHeld, receive, receivePaySystem, receiveHeld }) => ({
      id: pair.id,
      rate: {
        send_rate: pair.sendRate,
        receive_rate: pair.receiveRate,
        send_rate_real: pair.sendRateReal,
        receive_rate_real: pair.receiveRateReal,
        comission_amount: pair.comissionAmount,
      },
      currency_pair: {
        send_currency: toCurrency(send, sendPaySystem, lang, sendHeld, {
          min_send_sum: pair.minSendSum,
          max_send_sum: pair.maxSendSum,
          min_receive_sum: null,
          max_receive_sum: null,
        }),
        receive_currency: toCurrency(receive, receivePaySystem, lang, receiveHeld, {
          min_send_sum: null,
          max_send_sum: null,
          min_receive_sum: pair.minReceiveSum,
          max_receive_sum: pair.maxReceiveSum,
        }),
      },
      fields: [...fieldsOf(send.id, "send"), ...fieldsOf(receive.id, "receive")],
    }),
  );
  return { entries, freshUntil };
}

/** The list, and when its first automatic rate goes stale (epoch ms; null: none does). */
export interface LoadedPairs {
  entries: CurrencyPairEntry[];
  freshUntil: number | null;
}

function toCurrency(
  currency: CurrencyRow,
  paySystem: PaySystemRow,
  lang: Locale,
  held: string | null,
  pairLimits: Pick<
    Currency["currency_in_services"],
    "min_send_sum" | "max_send_sum" | "min_receive_sum" | "max_receive_sum"
  >,
): Currency {
  return {
    id: currency.id,
    pay_system: {
      name: paySystemName(paySystem, lang),
      icon: paySystem.icon,
      network_code: paySystem.networkCode,
    },
    currency_code: { name: currency.currencyCode },
    url_xml: currency.urlXml,
    kind: currency.kind,
    currency_in_services: {
      reserve: {
        name: currency.reserveName,
        reserve: availableReserve(currency.reserve, held, currency.decimals),
      },
      decimal: currency.decimals,
      ...pairLimits,
      send_limit: { min_send_sum: currency.sendMin, max_send_sum: currency.sendMax },
    },
  };
}

function toFieldDefinition(field: FieldRow, lang: Locale): OrderFieldDefinition {
  const label = { ru: field.labelRu, en: field.labelEn, uk: field.labelUk }[lang];
  return {
    key: field.key,
    type: field.type,
    network: field.network,
    format: field.format,
    label,
    required: field.required,
    side: field.side,
  };
}
