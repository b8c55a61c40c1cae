import type { AdminTestAlertResult } from "@obmen/contracts";
import { type Database, mailOutbox } from "@obmen/db";
import type { SecretBox } from "../../account/totp/secret-box.ts";
import { readAlertSettings } from "../../alerts/alert-settings.ts";
import { testAlert } from "../../alerts/alert-texts.ts";
import {
  DEFAULT_TELEGRAM_API_URL,
  openToken,
  sendMessage,
} from "../../alerts/deliver-telegram-alerts.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";

/**
 * `POST /admin/api/settings/alerts/test`: sends a test alert through the saved channels now and
 * says what each did (decision 061). Unlike a real alert it is not queued: the admin waits for
 * the answer, so a wrong chat id or a revoked token is seen on the settings screen at once,
 * with Telegram's or the SMTP server's own reason. Each letter is kept in the mail outbox with
 * its outcome (the dev mailbox shows it when no SMTP is set up), and the test is audited.
 */
export async function sendTestAlert(options: {
  db: Database;
  box: SecretBox;
  /** Null when the server has no way to send mail (production without SMTP_URL). */
  mailer: Mailer | null;
  telegramApiUrl?: string;
  appUrl: string;
  operator: { email: string };
  actor: AuditActor;
}): Promise<AdminTestAlertResult> {
  const { db } = options;
  const settings = await readAlertSettings(db);
  const alert = testAlert(
    {
      operatorEmail: options.operator.email,
      link: new URL("admin/settings", options.appUrl).href,
    },
    settings.language,
  );

  const emails: AdminTestAlertResult["emails"] = [];
  for (const to of settings.emails) {
    const outcome = await mailOne(options.mailer, { to, ...alert });
    emails.push({ to, ...outcome });
    await db.insert(mailOutbox).values({
      to,
      subject: alert.subject,
      text: alert.text,
      locale: settings.language,
      kind: "operator_alert_test",
      status: outcome.status === "failed" ? "failed" : outcome.status,
      attempts: 1,
      lastError: outcome.error,
      sentAt: outcome.status === "failed" ? null : new Date(),
    });
  }

  let telegram: AdminTestAlertResult["telegram"] = { status: "off", error: null };
  if (settings.telegramChatId && settings.telegramTokenSealed) {
    const token = openToken(settings.telegramTokenSealed, options.box);
    const failure =
      token === null
        ? { message: "the bot token cannot be opened (the server secret changed?): enter it again" }
        : await sendMessage({
            apiUrl: (options.telegramApiUrl ?? DEFAULT_TELEGRAM_API_URL).replace(/\/+$/, ""),
            token,
            chatId: settings.telegramChatId,
            text: alert.text,
          });
    telegram = failure
      ? { status: "failed", error: failure.message }
      : { status: "sent", error: null };
  }

  await writeAudit({
    tx: db,
    actor: options.actor,
    action: "settings.alerts.test",
    targetType: "settings",
    targetId: "alerts",
    after: {
      emails: emails.map((email) => ({ to: email.to, status: email.status })),
      telegram: telegram.status,
    },
  });
  return { emails, telegram };
}

async function mailOne(
  mailer: Mailer | null,
  message: { to: string; subject: string; text: string },
): Promise<{ status: "sent" | "stored" | "failed"; error: string | null }> {
  if (!mailer) return { status: "failed", error: "SMTP_URL is not set: the server sends no mail" };
  try {
    await mailer.send(message);
    return { status: mailer.deliveredStatus ?? "sent", error: null };
  } catch (error) {
    // nodemailer's message carries the server's answer (`550 Mailbox unavailable`), no secret.
    const text = error instanceof Error ? error.message : String(error);
    return { status: "failed", error: text.slice(0, 300) };
  }
}
