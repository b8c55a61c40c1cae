import {
  affiliateChannels,
  affiliateLedgerLines,
  affiliateOrderReferrals,
  affiliatePartners,
  type Database,
  normaliseDecimal,
  users,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { count, desc, eq, sql } from "drizzle-orm";

export const PARTNERS_PAGE_SIZE = 50;

const balanceOf = (account: string) =>
  sql<string>`(select coalesce(sum(${affiliateLedgerLines.amount}), 0)::text from ${affiliateLedgerLines}
    where ${affiliateLedgerLines.partnerId} = ${affiliatePartners.userId} and ${affiliateLedgerLines.account} = ${account})`;

/** `GET /admin/api/partners`: partners, newest first, with their counts and ledger balances. */
export async function listPartners(options: { db: Database; currency: string; page: number }) {
  const { db, page } = options;
  const rows = await db
    .select({
      id: affiliatePartners.userId,
      email: users.email,
      createdAt: affiliatePartners.createdAt,
      channels:
        sql<number>`(select count(*) from ${affiliateChannels} where ${affiliateChannels.partnerId} = ${affiliatePartners.userId})`.mapWith(
          Number,
        ),
      orders:
        sql<number>`(select count(*) from ${affiliateOrderReferrals} where ${affiliateOrderReferrals.partnerId} = ${affiliatePartners.userId})`.mapWith(
          Number,
        ),
      available: balanceOf("available"),
      onHold: balanceOf("on_hold"),
      paid: balanceOf("paid"),
      debt: balanceOf("debt"),
    })
    .from(affiliatePartners)
    .innerJoin(users, eq(users.id, affiliatePartners.userId))
    .orderBy(desc(affiliatePartners.createdAt), desc(affiliatePartners.userId))
    .limit(PARTNERS_PAGE_SIZE)
    .offset((page - 1) * PARTNERS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(affiliatePartners);
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      created_at: row.createdAt.toISOString(),
      channels: row.channels,
      orders: row.orders,
      balance: {
        available: normaliseDecimal(row.available),
        on_hold: normaliseDecimal(row.onHold),
        paid: normaliseDecimal(row.paid),
        currency: options.currency,
      },
      // The `debt` account sums to zero or below; the console shows what is owed.
      debt: normaliseDecimal(toDecimal(row.debt).times(-1).toFixed()),
    })),
    total: total?.n ?? 0,
    page,
    page_size: PARTNERS_PAGE_SIZE,
  };
}
