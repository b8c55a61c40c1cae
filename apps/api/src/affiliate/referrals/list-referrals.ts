import type { Locale, Referral } from "@obmen/contracts";
import {
  affiliateLedgerEntries,
  affiliateLedgerLines,
  affiliateOrderReferrals,
  type Database,
  normaliseDecimal,
  orders,
} from "@obmen/db";
import { count, desc, eq, sql } from "drizzle-orm";
import { currencyLabels } from "../../account/history/currency-labels.ts";
import type { PairCache } from "../../catalogue/pair-cache.ts";

export const REFERRALS_PAGE_SIZE = 50;

/**
 * `/rest/ref_referral/list`: the orders the caller's channels brought, newest first, with the
 * reward each earned (net of a reversal; the partner's lines of both, `available` and any
 * `debt` a reward paid off or a reversal left, decision 039). The customer's e-mail and details are not shown: a
 * partner learns the pair, the amounts and the status, not who ordered.
 */
export async function listReferrals(options: {
  db: Database;
  pairCache: PairCache;
  userId: string;
  lang: Locale;
  page?: number;
}) {
  const { db, userId } = options;
  const page = options.page ?? 1;
  const where = eq(affiliateOrderReferrals.partnerId, userId);
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      channelId: affiliateOrderReferrals.channelId,
      status: orders.status,
      sendAmount: orders.sendAmount,
      receiveAmount: orders.receiveAmount,
      sendCurrencyId: orders.sendCurrencyId,
      receiveCurrencyId: orders.receiveCurrencyId,
      reward: sql<string>`(select coalesce(sum(l.amount), 0)::text
        from ${affiliateLedgerEntries} e
        join ${affiliateLedgerLines} l on l.entry_id = e.id and l.account in ('available', 'debt')
        where e.order_id = ${orders.id} and e.kind in ('reward', 'reward_reversal'))`,
    })
    .from(affiliateOrderReferrals)
    .innerJoin(orders, eq(orders.id, affiliateOrderReferrals.orderId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(REFERRALS_PAGE_SIZE)
    .offset((page - 1) * REFERRALS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(affiliateOrderReferrals).where(where);
  const labels = await currencyLabels({
    db,
    pairCache: options.pairCache,
    lang: options.lang,
    ids: rows.flatMap((row) => [row.sendCurrencyId, row.receiveCurrencyId]),
  });
  const items: Referral[] = rows.map((row) => ({
    exchange_uuid: row.id,
    created_at: row.createdAt.toISOString(),
    channel_id: row.channelId,
    send_currency: labels.get(row.sendCurrencyId)!,
    receive_currency: labels.get(row.receiveCurrencyId)!,
    send_amount: row.sendAmount,
    receive_amount: row.receiveAmount,
    exchange_status: row.status,
    reward: normaliseDecimal(row.reward),
  }));
  return { items, total: total?.n ?? 0, page, page_size: REFERRALS_PAGE_SIZE };
}
