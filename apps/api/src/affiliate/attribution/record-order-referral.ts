import {
  affiliateChannels,
  affiliateOrderReferrals,
  type Database,
  type Transaction,
  users,
} from "@obmen/db";
import { and, eq, sql } from "drizzle-orm";

/**
 * A `rid` as a channel code (the channels' check, `affiliate_channels_code_check`): trimmed,
 * lower case, else null. A new order passes it to `create_order`, which normalises it the same
 * way and records the referral in the order's own transaction (insert-new-orders.ts); null
 * there also keeps what no channel code can be (a NUL byte, which PostgreSQL's text refuses)
 * out of the batched statement, where it would fail every order of the batch.
 */
export function referralCode(rid: string | null | undefined): string | null {
  const code = rid?.trim().toLowerCase();
  return code && CODE_PATTERN.test(code) ? code : null;
}
const CODE_PATTERN = /^[a-z0-9]{8,32}$/;

/**
 * Attributes an order to the channel whose `rid` is given: the completion-time fallback
 * (resolveOrderReferral, the rid the customer registered with). A new order's rid is recorded
 * by `create_order` itself, in the same way. An unknown rid, or a partner ordering through its
 * own link (the order's e-mail is the partner's login), records nothing. One statement.
 */
export async function recordOrderReferral(options: {
  db: Database | Transaction;
  orderId: string;
  email: string;
  rid: string;
}): Promise<void> {
  const rid = referralCode(options.rid);
  if (!rid) return;
  await options.db
    .insert(affiliateOrderReferrals)
    .select(
      options.db
        .select({
          orderId: sql<string>`${options.orderId}::uuid`.as("order_id"),
          channelId: affiliateChannels.id,
          partnerId: affiliateChannels.partnerId,
          createdAt: sql<Date>`now()`.as("created_at"),
        })
        .from(affiliateChannels)
        .innerJoin(users, eq(users.id, affiliateChannels.partnerId))
        .where(
          and(
            eq(affiliateChannels.code, rid),
            sql`${users.email} <> lower(btrim(${options.email}))`,
          ),
        ),
    )
    .onConflictDoNothing();
}

/**
 * The order's referral at completion: the one recorded at creation, else the `rid` the
 * customer registered with (`users.referrer_rid` of the user whose login is the order's
 * e-mail), recorded now. Null when nobody referred the order.
 */
export async function resolveOrderReferral(options: {
  tx: Transaction;
  orderId: string;
  email: string;
}): Promise<{ channelId: number; partnerId: string } | null> {
  const { tx } = options;
  const [recorded] = await tx
    .select({
      channelId: affiliateOrderReferrals.channelId,
      partnerId: affiliateOrderReferrals.partnerId,
    })
    .from(affiliateOrderReferrals)
    .where(eq(affiliateOrderReferrals.orderId, options.orderId));
  if (recorded) return recorded;
  const [customer] = await tx
    .select({ rid: users.referrerRid })
    .from(users)
    .where(sql`${users.email} = lower(btrim(${options.email}))`);
  if (!customer?.rid) return null;
  await recordOrderReferral({
    db: tx,
    orderId: options.orderId,
    email: options.email,
    rid: customer.rid,
  });
  const [late] = await tx
    .select({
      channelId: affiliateOrderReferrals.channelId,
      partnerId: affiliateOrderReferrals.partnerId,
    })
    .from(affiliateOrderReferrals)
    .where(eq(affiliateOrderReferrals.orderId, options.orderId));
  return late ?? null;
}
