import {
  affiliateLedgerEntries,
  affiliateLedgerLines,
  type orders,
  type Transaction,
  users,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, sql } from "drizzle-orm";
import type { AffiliateSettings } from "../affiliate-settings.ts";
import { resolveOrderReferral } from "../attribution/record-order-referral.ts";
import { postEntry, transfer } from "../ledger/post-entry.ts";
import { programmeDecimals, programmeUnitValue } from "./programme-rate.ts";
import { rewardAmount } from "./reward-amount.ts";

type OrderRow = typeof orders.$inferSelect;

/**
 * Credits the partner who brought a completed order, inside the completion's transaction
 * (admin/orders/change-status-by-operator.ts): house → partner:available, the share of the
 * operator's profit in the programme currency (reward-amount.ts). Nothing when the order was
 * not referred, is the partner's own (its e-mail is the partner's login), made no profit, or
 * its currency has no rate to the programme currency. Returns the amount posted, or null.
 */
export async function postOrderReward(options: {
  tx: Transaction;
  order: OrderRow;
  settings: AffiliateSettings;
}): Promise<string | null> {
  const { tx, order, settings } = options;
  const referral = await resolveOrderReferral({ tx, orderId: order.id, email: order.email });
  if (!referral) return null;
  const [partner] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, referral.partnerId));
  if (!partner || partner.email === order.email.trim().toLowerCase()) return null;
  const toProgramme = await programmeUnitValue({
    tx,
    currencyId: order.receiveCurrencyId,
    programme: settings.currency,
  });
  if (!toProgramme) return null;
  const amount = rewardAmount({
    order,
    toProgramme,
    share: settings.share,
    decimals: await programmeDecimals(tx, settings.currency),
  });
  if (toDecimal(amount).lte(0)) return null;
  await postEntry({
    tx,
    kind: "reward",
    partnerId: referral.partnerId,
    currency: settings.currency,
    orderId: order.id,
    lines: transfer("house", "available", amount),
  });
  return amount;
}

/**
 * A refund after completion takes the reward back with a new entry (partner:available →
 * house), never by editing the first. Once per order; nothing when no reward was posted.
 */
export async function reverseOrderReward(options: {
  tx: Transaction;
  orderId: string;
}): Promise<string | null> {
  const { tx, orderId } = options;
  const [reward] = await tx
    .select({
      partnerId: affiliateLedgerEntries.partnerId,
      currency: affiliateLedgerEntries.currency,
      amount: affiliateLedgerLines.amount,
      reversed: sql<boolean>`exists (select 1 from ${affiliateLedgerEntries} r
        where r.order_id = ${orderId} and r.kind = 'reward_reversal')`,
    })
    .from(affiliateLedgerEntries)
    .innerJoin(affiliateLedgerLines, eq(affiliateLedgerLines.entryId, affiliateLedgerEntries.id))
    .where(
      and(
        eq(affiliateLedgerEntries.orderId, orderId),
        eq(affiliateLedgerEntries.kind, "reward"),
        eq(affiliateLedgerLines.account, "available"),
      ),
    );
  if (!reward || reward.reversed) return null;
  await postEntry({
    tx,
    kind: "reward_reversal",
    partnerId: reward.partnerId,
    currency: reward.currency,
    orderId,
    lines: transfer("available", "house", reward.amount),
  });
  return reward.amount;
}
