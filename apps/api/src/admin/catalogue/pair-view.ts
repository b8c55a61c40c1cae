import type { AdminPair } from "@obmen/contracts";
import { currencies, currencyPairs, type Database, type Transaction } from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

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
  }));
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
