import type { AdminWithdrawal, WithdrawalStatus } from "@obmen/contracts";
import { affiliateWithdrawals, currencies, type Database, paySystems, users } from "@obmen/db";
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { withdrawalView } from "../../affiliate/withdrawals/withdrawal-view.ts";

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
  const items: AdminWithdrawal[] = rows.map(({ withdrawal, currency, paySystem, email }) => ({
    ...withdrawalView(withdrawal, {
      id: currency.id,
      name: paySystem.name,
      code: currency.currencyCode,
    }),
    partner: { id: withdrawal.partnerId, email },
    fields: withdrawal.fields,
    operator_id: withdrawal.operatorId,
  }));
  return { items, total: total?.n ?? 0, page, page_size: WITHDRAWALS_PAGE_SIZE };
}
