import {
  affiliateLedgerEntries,
  affiliateLedgerLines,
  normaliseDecimal,
  type orders,
  type Transaction,
  users,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AffiliateSettings } from "../affiliate-settings.ts";
import { resolveOrderReferral } from "../attribution/record-order-referral.ts";
import { creditLines, lockPartnerBalance, reversalLines } from "../ledger/debt-netting.ts";
import { postEntry } from "../ledger/post-entry.ts";
import { programmeDecimals, programmeUnitValue } from "./programme-rate.ts";
import { rewardAmount } from "./reward-amount.ts";

type OrderRow = typeof orders.$inferSelect;

/**
 * Credits the partner who brought a completed order, inside the completion's transaction
 * (admin/orders/change-status-by-operator.ts): house → partner:available, the share of the
 * operator's profit in the programme currency (reward-amount.ts), paying off first what the
 * partner owes from a reversed reward (decision 039). Nothing when the order was
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
  const { owed } = await lockPartnerBalance({ tx, partnerId: referral.partnerId });
  await postEntry({
    tx,
    kind: "reward",
    partnerId: referral.partnerId,
    currency: settings.currency,
    orderId: order.id,
    lines: creditLines({ from: "house", amount, owed }),
  });
  return amount;
}

/**
 * A refund after completion takes the reward back with a new entry (partner → house), never by
 * editing the first. Under the partner's row lock (the lock a withdrawal takes) it takes what
 * `available` holds and records the rest as the partner's `debt`, so the balance never goes
 * below zero (decision 039). Once per order; nothing when no reward was posted. The reward's
 * amount is the sum of its partner lines (`available` and any `debt` it paid off).
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
      amount: sql<string>`sum(${affiliateLedgerLines.amount})::text`,
      reversed: sql<boolean>`exists (select 1 from ${affiliateLedgerEntries} r
        where r.order_id = ${orderId} and r.kind = 'reward_reversal')`,
    })
    .from(affiliateLedgerEntries)
    .innerJoin(affiliateLedgerLines, eq(affiliateLedgerLines.entryId, affiliateLedgerEntries.id))
    .where(
      and(
        eq(affiliateLedgerEntries.orderId, orderId),
        eq(affiliateLedgerEntries.kind, "reward"),
        inArray(affiliateLedgerLines.account, ["available", "debt"]),
      ),
    )
    .groupBy(affiliateLedgerEntries.partnerId, affiliateLedgerEntries.currency);
  if (!reward || reward.reversed) return null;
  const amount = normaliseDecimal(reward.amount);
  const { available } = await lockPartnerBalance({ tx, partnerId: reward.partnerId });
  await postEntry({
    tx,
    kind: "reward_reversal",
    partnerId: reward.partnerId,
    currency: reward.currency,
    orderId,
    lines: reversalLines({ amount, available }),
  });
  return amount;
}
