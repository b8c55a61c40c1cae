import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { currencies } from "./catalogue.ts";
import { createdAt } from "./columns.ts";

/**
 * Console settings as key/value rows (`alerts`: where operator alerts go, decision 038), edited
 * by admins only and audited. A row per concern, so a new setting needs no migration.
 */
export const consoleSettings = pgTable("console_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const telegramAlertStatuses = ["pending", "sent", "failed", "skipped"] as const;
export type TelegramAlertStatus = (typeof telegramAlertStatuses)[number];

/**
 * One operator alert (a new or paid order, a low reserve), written by the alert sweep in the
 * transaction that moves its cursor (apps/api/src/alerts). `dedupe_key` makes a sweep that
 * reads an event twice write it once. The Telegram message is delivered from here like the
 * mail outbox (claimed, retried with backoff); its e-mails are `mail_outbox` rows.
 */
export const operatorAlerts = pgTable(
  "operator_alerts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    kind: text("kind").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    telegramStatus: text("telegram_status").$type<TelegramAlertStatus>().notNull(),
    telegramAttempts: integer("telegram_attempts").notNull().default(0),
    telegramNextAttemptAt: timestamp("telegram_next_attempt_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    telegramLastError: text("telegram_last_error"),
    telegramSentAt: timestamp("telegram_sent_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "operator_alerts_telegram_status_check",
      sql`${t.telegramStatus} in ('pending', 'sent', 'failed', 'skipped')`,
    ),
    check(
      "operator_alerts_kind_check",
      sql`${t.kind} in ('new_order', 'paid_order', 'low_reserve', 'payment_mismatch', 'rate_source_silent', 'rate_jump')`,
    ),
    index("operator_alerts_telegram_due_idx")
      .on(t.telegramNextAttemptAt)
      .where(sql`${t.telegramStatus} = 'pending'`),
  ],
);

/**
 * Currencies whose available reserve is below their `reserve_warning` and already alerted: the
 * row is the remembered crossing (one alert per crossing), removed when the reserve rises back.
 */
export const lowReserveWarnings = pgTable("low_reserve_warnings", {
  currencyId: integer("currency_id")
    .primaryKey()
    .references(() => currencies.id, { onDelete: "cascade" }),
  warnedAt: createdAt(),
});
