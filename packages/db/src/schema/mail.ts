import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

export const mailStatuses = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Outgoing e-mail, written in the same transaction as the change that causes it (STYLE.md 7).
 * A job delivers it over SMTP; without SMTP the dev mailbox page reads it (DESIGN.md stack).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    locale: text("locale").notNull(),
    /** Template name (`register_confirm`, `order_created`, …) for filtering and metrics. */
    kind: text("kind").notNull(),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("mail_outbox_locale_check", sql`${t.locale} in ('ru', 'en', 'uk')`),
    // The sender only ever looks for what is still pending, oldest first.
    index("mail_outbox_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("mail_outbox_to_idx").on(t.to, t.createdAt),
  ],
);
