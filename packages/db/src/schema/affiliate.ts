import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { currencies } from "./catalogue.ts";
import { createdAt, decimal } from "./columns.ts";
import { operators } from "./operators.ts";
import { orders } from "./orders.ts";

/**
 * The affiliate programme (issue 18, docs/decisions/029-affiliate-ledger.md). A partner is a
 * signed-in user; its row is made on first use and is the row a withdrawal locks, so two
 * processes check and hold one partner's balance one at a time.
 */
export const affiliatePartners = pgTable("affiliate_partners", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * A referral channel: a labelled link. `code` is the `rid` in the link, random and URL-safe
 * (base32, 16 characters = 80 bits); one default channel per partner.
 */
export const affiliateChannels = pgTable(
  "affiliate_channels",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => affiliatePartners.userId, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("affiliate_channels_partner_idx").on(t.partnerId, t.createdAt),
    uniqueIndex("affiliate_channels_default_unique").on(t.partnerId).where(sql`${t.isDefault}`),
    check("affiliate_channels_code_check", sql`${t.code} ~ '^[a-z0-9]{8,32}$'`),
  ],
);

/**
 * Visits by a channel's link, one row per visitor per channel per day. The visitor is a keyed
 * hash of the IP (the day's key in `affiliate_click_keys`), never the IP itself: the key is
 * deleted two days later, after which a row names nobody.
 */
export const affiliateClicks = pgTable(
  "affiliate_clicks",
  {
    channelId: integer("channel_id")
      .notNull()
      .references(() => affiliateChannels.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.day, t.visitorHash] })],
);

/** The keys of the visitors' hashes, one per day, forgotten when the day is two days old. */
export const affiliateClickKeys = pgTable("affiliate_click_keys", {
  day: date("day").primaryKey(),
  key: text("key").notNull(),
});

/** An order brought by a partner's channel (its `rid`), recorded at creation or completion. */
export const affiliateOrderReferrals = pgTable(
  "affiliate_order_referrals",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    channelId: integer("channel_id")
      .notNull()
      .references(() => affiliateChannels.id),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => affiliatePartners.userId),
    createdAt: createdAt(),
  },
  (t) => [
    index("affiliate_order_referrals_partner_idx").on(t.partnerId, t.createdAt),
    index("affiliate_order_referrals_channel_idx").on(t.channelId),
  ],
);

export const withdrawalStatuses = ["requested", "paid", "rejected"] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/**
 * A partner's request to be paid `amount` of the programme currency to `currencyId` with the
 * payout details in `fields`. `requested` holds the amount on the ledger; `paid` moves it to
 * paid, `rejected` back to available.
 */
export const affiliateWithdrawals = pgTable(
  "affiliate_withdrawals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => affiliatePartners.userId),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    /** The programme currency's code the amount is in (`AFFILIATE_CURRENCY`). */
    currency: text("currency").notNull(),
    amount: decimal("amount").notNull(),
    fields: jsonb("fields").$type<{ key: string; value: string }[]>().notNull(),
    status: text("status").$type<WithdrawalStatus>().notNull().default("requested"),
    reference: text("reference"),
    reason: text("reason"),
    operatorId: uuid("operator_id").references(() => operators.id),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("affiliate_withdrawals_amount_check", sql`${t.amount} > 0`),
    check(
      "affiliate_withdrawals_status_check",
      sql`${t.status} in ('requested', 'paid', 'rejected')`,
    ),
    index("affiliate_withdrawals_partner_idx").on(t.partnerId, t.createdAt),
    index("affiliate_withdrawals_status_idx").on(t.status, t.createdAt),
  ],
);

export const ledgerEntryKinds = [
  "reward",
  "reward_reversal",
  "withdrawal_hold",
  "withdrawal_paid",
  "withdrawal_released",
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/**
 * One movement of money on the affiliate ledger. Its lines sum to zero (double entry); nothing
 * is ever updated or deleted: a correction is a new entry. A reward and its reversal exist at
 * most once per order.
 */
export const affiliateLedgerEntries = pgTable(
  "affiliate_ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").$type<LedgerEntryKind>().notNull(),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => affiliatePartners.userId),
    currency: text("currency").notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    withdrawalId: integer("withdrawal_id").references(() => affiliateWithdrawals.id),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "affiliate_ledger_entries_kind_check",
      sql`${t.kind} in ('reward', 'reward_reversal', 'withdrawal_hold', 'withdrawal_paid', 'withdrawal_released')`,
    ),
    uniqueIndex("affiliate_ledger_entries_order_unique")
      .on(t.orderId, t.kind)
      .where(sql`${t.orderId} is not null`),
    uniqueIndex("affiliate_ledger_entries_withdrawal_unique")
      .on(t.withdrawalId, t.kind)
      .where(sql`${t.withdrawalId} is not null`),
  ],
);

export const ledgerAccounts = ["available", "on_hold", "paid", "debt", "house"] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

/**
 * A line of an entry: `amount` (signed) on one account. Partner accounts (`available`,
 * `on_hold`, `paid`, `debt`) name the partner; `house` is the exchange's side of rewards.
 * `debt` sums to zero or below: what a reward reversal could not take from `available` (the
 * reward was already withdrawn), paid off by the partner's next credits (decision 039).
 */
export const affiliateLedgerLines = pgTable(
  "affiliate_ledger_lines",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => affiliateLedgerEntries.id),
    partnerId: uuid("partner_id").references(() => affiliatePartners.userId),
    account: text("account").$type<LedgerAccount>().notNull(),
    amount: decimal("amount").notNull(),
  },
  (t) => [
    check(
      "affiliate_ledger_lines_account_check",
      sql`${t.account} in ('available', 'on_hold', 'paid', 'debt', 'house')`,
    ),
    check(
      "affiliate_ledger_lines_partner_check",
      sql`(${t.account} = 'house') = (${t.partnerId} is null)`,
    ),
    check("affiliate_ledger_lines_amount_check", sql`${t.amount} <> 0`),
    index("affiliate_ledger_lines_partner_idx").on(t.partnerId, t.account),
    index("affiliate_ledger_lines_entry_idx").on(t.entryId),
  ],
);
