import { type AdminAlert, ALERTS_PAGE_SIZE } from "@obmen/contracts";
import { type Database, mailOutbox, operatorAlerts } from "@obmen/db";
import { asc, desc, inArray, sql } from "drizzle-orm";

/**
 * `GET /admin/api/alerts`: operator alerts, newest first, each with its Telegram message's
 * state and one line per e-mail (issue 26 point 10): a failed delivery says why, so an admin
 * need not read the server log to learn that the bot token was revoked.
 */
export async function listAlerts(options: { db: Database; page: number }) {
  const { db, page } = options;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(operatorAlerts)
      .orderBy(desc(operatorAlerts.id))
      .limit(ALERTS_PAGE_SIZE)
      .offset((page - 1) * ALERTS_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(operatorAlerts),
  ]);
  const ids = rows.map((row) => row.id);
  const mails =
    ids.length === 0
      ? []
      : await db
          .select({
            alertId: mailOutbox.operatorAlertId,
            to: mailOutbox.to,
            status: mailOutbox.status,
            attempts: mailOutbox.attempts,
            lastError: mailOutbox.lastError,
            sentAt: mailOutbox.sentAt,
          })
          .from(mailOutbox)
          .where(inArray(mailOutbox.operatorAlertId, ids))
          .orderBy(asc(mailOutbox.id));
  const items: AdminAlert[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind as AdminAlert["kind"],
    text: row.text,
    created_at: row.createdAt.toISOString(),
    telegram: {
      status: row.telegramStatus,
      attempts: row.telegramAttempts,
      last_error: row.telegramLastError,
      sent_at: row.telegramSentAt?.toISOString() ?? null,
    },
    emails: mails
      .filter((mail) => mail.alertId === row.id)
      .map((mail) => ({
        to: mail.to,
        status: mail.status,
        attempts: mail.attempts,
        last_error: mail.lastError,
        sent_at: mail.sentAt?.toISOString() ?? null,
      })),
  }));
  return { items, total: count?.total ?? 0, page, page_size: ALERTS_PAGE_SIZE };
}
