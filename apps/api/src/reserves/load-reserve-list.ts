import type { Locale, ReserveEntry } from "@obmen/contracts";
import {
  currencies,
  currencyHeld,
  currencyKinds,
  currencyPairs,
  type Database,
  paySystems,
} from "@obmen/db";
import { and, eq, exists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { availableReserve } from "../catalogue/available-reserve.ts";
import { paySystemName } from "../catalogue/pay-system-name.ts";

/**
 * The reserves page's data: every active currency that at least one active pair (both of its
 * currencies active, as in the pair list) pays out, with its available reserve (declared minus
 * held, rounded down like the pair list's). Sorted by kind in the calculator's order (crypto,
 * bank, e-wallet), then by the operator's sort order. Names in the request's language.
 */
export async function loadReserveList(options: {
  db: Database;
  lang: Locale;
}): Promise<ReserveEntry[]> {
  const { db, lang } = options;
  const sendCurrency = alias(currencies, "send_currency");
  const paidOutByActivePair = exists(
    db
      .select({ one: sql`1` })
      .from(currencyPairs)
      .innerJoin(sendCurrency, eq(sendCurrency.id, currencyPairs.sendCurrencyId))
      .where(
        and(
          eq(currencyPairs.receiveCurrencyId, currencies.id),
          eq(currencyPairs.active, true),
          eq(sendCurrency.active, true),
        ),
      ),
  );

  const rows = await db
    .select({ currency: currencies, paySystem: paySystems, held: currencyHeld.held })
    .from(currencies)
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .leftJoin(currencyHeld, eq(currencyHeld.currencyId, currencies.id))
    .where(and(eq(currencies.active, true), paidOutByActivePair));

  const kindRank = (kind: string) => currencyKinds.indexOf(kind as (typeof currencyKinds)[number]);
  rows.sort(
    (a, b) =>
      kindRank(a.currency.kind) - kindRank(b.currency.kind) ||
      a.currency.sortOrder - b.currency.sortOrder ||
      a.currency.id - b.currency.id,
  );
  return rows.map(({ currency, paySystem, held }) => ({
    currency: {
      id: currency.id,
      url_xml: currency.urlXml,
      currency_code: { name: currency.currencyCode },
      pay_system: {
        name: paySystemName(paySystem, lang),
        icon: paySystem.icon,
        network_code: paySystem.networkCode,
      },
      kind: currency.kind,
    },
    reserve: availableReserve(currency.reserve, held, currency.decimals),
    decimal: currency.decimals,
  }));
}
