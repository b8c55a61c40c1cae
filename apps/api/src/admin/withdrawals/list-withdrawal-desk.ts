import type { AdminWithdrawal, Locale, WithdrawalStatus } from "@obmen/contracts";
import {
  affiliateWithdrawals,
  currencies,
  currencyFields,
  type Database,
  paySystems,
  users,
} from "@obmen/db";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { withdrawalView } from "../../affiliate/withdrawals/withdrawal-view.ts";
import { paySystemName } from "../../catalogue/pay-system-name.ts";

export const WITHDRAWALS_PAGE_SIZE = 50;

/**
 * The withdrawal desk's queue: requested ones first, oldest first (they have waited longest),
 * then decided ones newest first; or one status. With the partner and the payout details.
 */
export async function listWithdrawalDesk(options: {
  db: Database;
  status?: WithdrawalStatus;
  page: number;
  id?: number;
  /** The console's language: pay systems are named in it, as the site names them. */
  lang?: Locale;
}) {
  const { db, page } = options;
  const where =
    options.id !== undefined
      ? eq(affiliateWithdrawals.id, options.id)
      : options.status
        ? eq(affiliateWithdrawals.status, options.status)
        : undefined;
  const rows = await db
    .select({
      withdrawal: affiliateWithdrawals,
      currency: currencies,
      paySystem: paySystems,
      email: users.email,
    })
    .from(affiliateWithdrawals)
    .innerJoin(currencies, eq(currencies.id, affiliateWithdrawals.currencyId))
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .innerJoin(users, eq(users.id, affiliateWithdrawals.partnerId))
    .where(where)
    .orderBy(
      sql`(${affiliateWithdrawals.status} = 'requested') desc`,
      sql`case when ${affiliateWithdrawals.status} = 'requested' then ${affiliateWithdrawals.createdAt} end asc`,
      desc(affiliateWithdrawals.createdAt),
      asc(affiliateWithdrawals.id),
    )
    .limit(WITHDRAWALS_PAGE_SIZE)
    .offset((page - 1) * WITHDRAWALS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(affiliateWithdrawals).where(where);
  const lang = options.lang ?? "ru";
  const labelOf = await fieldLabels(db, [...new Set(rows.map((row) => row.currency.id))], lang);
  const items: AdminWithdrawal[] = rows.map(({ withdrawal, currency, paySystem, email }) => ({
    ...withdrawalView(withdrawal, {
      id: currency.id,
      name: paySystemName(paySystem, options.lang ?? "ru"),
      code: currency.currencyCode,
    }),
    partner: { id: withdrawal.partnerId, email },
    // Each value under the label the partner saw (issue 26 point 6: never `receive_wallet_address`).
    fields: withdrawal.fields.map((field) => ({
      ...field,
      label: labelOf(currency.id, field.key) ?? field.key,
    })),
    operator_id: withdrawal.operatorId,
  }));
  return { items, total: total?.n ?? 0, page, page_size: WITHDRAWALS_PAGE_SIZE };
}

/** The payout fields' labels in the console's language, by currency and field key. */
async function fieldLabels(db: Database, currencyIds: number[], lang: Locale) {
  const rows =
    currencyIds.length === 0
      ? []
      : await db
          .select()
          .from(currencyFields)
          .where(
            and(
              inArray(currencyFields.currencyId, currencyIds),
              eq(currencyFields.side, "receive"),
            ),
          );
  const labels = new Map(
    rows.map((row) => [
      `${row.currencyId}:${row.key}`,
      { ru: row.labelRu, en: row.labelEn, uk: row.labelUk }[lang],
    ]),
  );
  return (currencyId: number, key: string) => labels.get(`${currencyId}:${key}`);
}
