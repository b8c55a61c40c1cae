import type { AdminPair, AdminPairAutomaticRate } from "@obmen/contracts";
import {
  currencies,
  currencyPairs,
  type Database,
  rateQuotesLatest,
  type Transaction,
} from "@obmen/db";
import { parseRateFormula, quoteKey, toDecimal } from "@obmen/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { rateSideOf } from "../../rates/apply-pair-rates.ts";

const sendCurrency = alias(currencies, "send_currency");
const receiveCurrency = alias(currencies, "receive_currency");

/** Pairs with both rates and the markup between them, as the console lists them. */
export async function loadAdminPairs(options: {
  db: Database | Transaction;
  id?: number;
}): Promise<AdminPair[]> {
  const rows = await options.db
    .select({ pair: currencyPairs, send: sendCurrency, receive: receiveCurrency })
    .from(currencyPairs)
    .innerJoin(sendCurrency, eq(sendCurrency.id, currencyPairs.sendCurrencyId))
    .innerJoin(receiveCurrency, eq(receiveCurrency.id, currencyPairs.receiveCurrencyId))
    .where(options.id === undefined ? undefined : eq(currencyPairs.id, options.id))
    .orderBy(asc(currencyPairs.sortOrder), asc(currencyPairs.id));
  const quotes = await loadQuotes(
    options.db,
    rows.map(({ pair }) => pair.rateSource),
  );
  const now = Date.now();
  return rows.map(({ pair, send, receive }) => ({
    id: pair.id,
    send_currency: {
      id: send.id,
      url_xml: send.urlXml,
      currency_code: send.currencyCode,
      decimals: send.decimals,
    },
    receive_currency: {
      id: receive.id,
      url_xml: receive.urlXml,
      currency_code: receive.currencyCode,
      decimals: receive.decimals,
    },
    active: pair.active,
    send_rate: pair.sendRate,
    receive_rate: pair.receiveRate,
    send_rate_real: pair.sendRateReal,
    receive_rate_real: pair.receiveRateReal,
    comission_amount: pair.comissionAmount,
    markup_percent: markupPercent(pair),
    min_send_sum: pair.minSendSum,
    max_send_sum: pair.maxSendSum,
    min_receive_sum: pair.minReceiveSum,
    max_receive_sum: pair.maxReceiveSum,
    sort_order: pair.sortOrder,
    updated_at: pair.updatedAt.toISOString(),
    automatic_rate: automaticRate(pair, quotes, now),
  }));
}

type PairRow = typeof currencyPairs.$inferSelect;
type QuoteRow = typeof rateQuotesLatest.$inferSelect;

/** The last good quotes the formulas name, by `source:SYMBOL`. */
async function loadQuotes(
  db: Database | Transaction,
  formulas: (string | null)[],
): Promise<Map<string, QuoteRow>> {
  const keys = [
    ...new Set(
      formulas.flatMap((formula) => (parseRateFormula(formula ?? "") ?? []).map(quoteKey)),
    ),
  ];
  if (keys.length === 0) return new Map();
  const rows = await db
    .select()
    .from(rateQuotesLatest)
    .where(inArray(sql`${rateQuotesLatest.source} || ':' || ${rateQuotesLatest.symbol}`, keys));
  return new Map(rows.map((row) => [`${row.source}:${row.symbol}`, row]));
}

/** Source, formula, last quotes and their age, for the console (issue 27 point 2). */
function automaticRate(
  pair: PairRow,
  quotes: Map<string, QuoteRow>,
  now: number,
): AdminPairAutomaticRate | null {
  if (pair.rateSource === null) return null;
  const terms = parseRateFormula(pair.rateSource) ?? [];
  return {
    rate_source: pair.rateSource,
    markup_percent: pair.markupPercent ?? "0",
    markup_fixed: pair.markupFixed,
    freshness_seconds: pair.freshnessSeconds ?? 0,
    max_jump_percent: pair.maxJumpPercent,
    side: rateSideOf(pair),
    fresh_until: pair.rateFreshUntil?.toISOString() ?? null,
    in_service: pair.rateFreshUntil !== null && pair.rateFreshUntil.getTime() > now,
    held_real_rate: pair.heldRealRate,
    monitor:
      pair.monitorPosition === null || pair.monitorFrom === null || pair.monitorTo === null
        ? null
        : {
            from: pair.monitorFrom,
            to: pair.monitorTo,
            position: pair.monitorPosition,
            step: pair.monitorStep,
            min_margin: pair.monitorMinMargin ?? "0",
            ignored: pair.monitorIgnored ?? [],
            competitor: pair.monitorCompetitor,
            competitor_position: pair.monitorCompetitorPosition,
          },
    quotes: terms.flatMap((term) => {
      const row = quotes.get(quoteKey(term));
      if (!row) return [];
      return [
        {
          quote: quoteKey(term),
          value: row.value,
          fetched_at: row.fetchedAt.toISOString(),
          age_seconds: Math.max(0, Math.floor((now - row.fetchedAt.getTime()) / 1000)),
        },
      ];
    }),
  };
}

/**
 * How much less the customer gets than the market rate, in percent: 1 − applied ÷ real, where
 * each rate is what one unit sent buys (receive_rate ÷ send_rate). Two places, half up.
 */
export function markupPercent(rates: {
  sendRate: string;
  receiveRate: string;
  sendRateReal: string;
  receiveRateReal: string;
}): string {
  const applied = toDecimal(rates.receiveRate).div(rates.sendRate);
  const real = toDecimal(rates.receiveRateReal).div(rates.sendRateReal);
  if (real.eq(0)) return "0";
  return toDecimal("1").minus(applied.div(real)).times(100).round(2, 1).toFixed();
}
