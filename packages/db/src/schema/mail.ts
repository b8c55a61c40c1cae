import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { operatorAlerts } from "./operator-alerts.ts";

/**
 * `stored`: kept for the dev mailbox because no SMTP is configured (never `sent`, so turning SMTP
 * on later cannot mail a test backlog to real people). docs/decisions/005-order-mail.md.
 */
export const mailStatuses = ["pending", "sent", "stored", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Outgoing e-mail, written in the same transaction as the change that causes it (STYLE.md 7).
 * The outbox dispatcher delivers it over SMTP, retrying with backoff; without SMTP the dev
 * mailbox page reads it (docs/decisions/005-order-mail.md).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** The letter as written, or null when it is rendered from `content` on delivery. */
    text: text("text"),
    html: text("html"),
    /**
     * What the letter is rendered from (an order mail's order, display and event), so a create
     * neither renders nor ships 6 KB of letter (docs/decisions/013-order-mail-content.md).
     */
    content: jsonb("content"),
    locale: text("locale").notNull(),
    /** Template name (`register_confirm`, `order_created`, …) for filtering and metrics. */
    kind: text("kind").notNull(),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When a dispatcher may (re)try it: now at first, later after a failure or while leased. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The operator alert this letter carries, so the console shows each alert's delivery. */
    operatorAlertId: integer("operator_alert_id").references(() => operatorAlerts.id),
  },
  (t) => [
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'stored', 'failed')`),
    check("mail_outbox_locale_check", sql`${t.locale} in ('ru', 'en', 'uk')`),
    check("mail_outbox_letter_check", sql`${t.text} is not null or ${t.content} is not null`),
    // The dispatcher only ever looks for pending mail that is due, in due order.
    index("mail_outbox_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("mail_outbox_to_idx").on(t.to, t.createdAt),
    index("mail_outbox_operator_alert_idx")
      .on(t.operatorAlertId)
      .where(sql`${t.operatorAlertId} is not null`),
  ],
);
