import type { Locale, Withdrawal } from "@obmen/contracts";
import { affiliateWithdrawals, currencies, type Database, paySystems } from "@obmen/db";
import { desc, eq } from "drizzle-orm";
import { paySystemName } from "../../catalogue/pay-system-name.ts";
import { withdrawalView } from "./withdrawal-view.ts";

/** The most a partner's history shows: years of monthly payouts. */
const MAX_LISTED = 500;

/** `/rest/ref_withdrawal/list`: the caller's withdrawals, newest first; nobody else's. */
export async function listWithdrawals(options: {
  db: Database;
  userId: string;
  lang: Locale;
}): Promise<Withdrawal[]> {
  const rows = await options.db
    .select({ withdrawal: affiliateWithdrawals, currency: currencies, paySystem: paySystems })
    .from(affiliateWithdrawals)
    .innerJoin(currencies, eq(currencies.id, affiliateWithdrawals.currencyId))
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .where(eq(affiliateWithdrawals.partnerId, options.userId))
    .orderBy(desc(affiliateWithdrawals.createdAt), desc(affiliateWithdrawals.id))
    .limit(MAX_LISTED);
  return rows.map(({ withdrawal, currency, paySystem }) =>
    withdrawalView(withdrawal, {
      id: currency.id,
      name: paySystemName(paySystem, options.lang),
      code: currency.currencyCode,
    }),
  );
}
