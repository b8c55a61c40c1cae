import { currencies, currencyPairs, type Transaction } from "@obmen/db";
import { DEFAULT_DECIMALS, type Decimal, toDecimal } from "@obmen/domain";
import { and, asc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { unitValue } from "./reward-amount.ts";

/**
 * The programme currency's places: those of its first currency in the catalogue (USDT TRC20's
 * for `USDT`), else the default 2.
 */
export async function programmeDecimals(tx: Transaction, code: string): Promise<number> {
  const [row] = await tx
    .select({ decimals: currencies.decimals })
    .from(currencies)
    .where(eq(currencies.currencyCode, code))
    .orderBy(asc(currencies.id))
    .limit(1);
  return row?.decimals ?? DEFAULT_DECIMALS;
}

/**
 * What one unit of a currency is worth in the programme currency, from the catalogue's real
 * (market) rates: 1 when it is the programme currency (any network: `USDT` on TRON or
 * Ethereum), else a pair between a currency of the same code and one of the programme's, in
 * either direction, preferring this very currency and active pairs. Null when the catalogue
 * has no such pair.
 */
export async function programmeUnitValue(options: {
  tx: Transaction;
  currencyId: number;
  programme: string;
}): Promise<Decimal | null> {
  const { tx, currencyId, programme } = options;
  const [currency] = await tx
    .select({ code: currencies.currencyCode })
    .from(currencies)
    .where(eq(currencies.id, currencyId));
  if (!currency) return null;
  if (currency.code === programme) return toDecimal("1");
  const send = alias(currencies, "send");
  const receive = alias(currencies, "receive");
  const [pair] = await tx
    .select({
      sendRateReal: currencyPairs.sendRateReal,
      receiveRateReal: currencyPairs.receiveRateReal,
      forward: sql<boolean>`${send.currencyCode} = ${currency.code}`,
    })
    .from(currencyPairs)
    .innerJoin(send, eq(send.id, currencyPairs.sendCurrencyId))
    .innerJoin(receive, eq(receive.id, currencyPairs.receiveCurrencyId))
    .where(
      or(
        and(eq(send.currencyCode, currency.code), eq(receive.currencyCode, programme)),
        and(eq(send.currencyCode, programme), eq(receive.currencyCode, currency.code)),
      ),
    )
    .orderBy(
      sql`(${send.id} = ${currencyId} or ${receive.id} = ${currencyId}) desc`,
      sql`${currencyPairs.active} desc`,
      asc(currencyPairs.id),
    )
    .limit(1);
  if (!pair) return null;
  return unitValue({ ...pair, direction: pair.forward ? "forward" : "inverse" });
}
