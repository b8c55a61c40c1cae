import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { currencies } from "./catalogue.ts";
import { createdAt, decimal, updatedAt } from "./columns.ts";

/**
 * A signed-in user's saved payout detail (issue 13, "Account data"): the value of one
 * currency's main receive field, validated like that order field when saved, so the calculator
 * can prefill it. Goes with the user (cascade) and with the currency: a detail for a currency
 * the exchange no longer has is of no use.
 */
export const userWallets = pgTable(
  "user_wallets",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id, { onDelete: "cascade" }),
    /** The receive field the value fills (`receive_wallet_address`, `receive_card_number`, …). */
    fieldKey: text("field_key").notNull(),
    /** Normalised as the order field normalises it (validateOrderField). */
    value: text("value").notNull(),
    /** The user's own name for it ("My Ledger"); empty when none was given. */
    label: text("label").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    // One row per detail: saving the same card twice is refused, not duplicated. Its leading
    // user_id also serves the user's list.
    unique("user_wallets_value_unique").on(t.userId, t.currencyId, t.value),
    check("user_wallets_field_key_check", sql`${t.fieldKey} ~ '^receive_[a-z0-9_]+$'`),
    check("user_wallets_label_check", sql`char_length(${t.label}) <= 100`),
  ],
);

/**
 * A calculator template (spec §3 "User template", §5 "Default amount: the template amount"):
 * a direction and the amount to send. One per direction, since the calculator takes the
 * direction's default amount from it; saving the direction again replaces the amount.
 */
export const userTemplates = pgTable(
  "user_templates",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromCurrencyId: integer("from_currency_id")
      .notNull()
      .references(() => currencies.id, { onDelete: "cascade" }),
    toCurrencyId: integer("to_currency_id")
      .notNull()
      .references(() => currencies.id, { onDelete: "cascade" }),
    amount: decimal("amount").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("user_templates_direction_unique").on(t.userId, t.fromCurrencyId, t.toCurrencyId),
    check("user_templates_amount_check", sql`${t.amount} > 0`),
  ],
);

export type UserWalletRow = typeof userWallets.$inferSelect;
export type UserTemplateRow = typeof userTemplates.$inferSelect;
