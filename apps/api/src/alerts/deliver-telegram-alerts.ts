import { type Database, operatorAlerts } from "@obmen/db";
import { and, eq, sql } from "drizzle-orm";
import type { SecretBox } from "../account/totp/secret-box.ts";
import { retryDelayMs } from "../mail/outbox-dispatcher.ts";
import { readAlertSettings } from "./alert-settings.ts";

export const DEFAULT_TELEGRAM_API_URL = "https://api.telegram.org";

export interface TelegramDeliveryOptions {
  db: Database;
  /** Opens the sealed bot token (AccountSecurity.alertsBox). */
  box: SecretBox;
  /** Bot API base (`TELEGRAM_API_URL`); tests point it at a local fake. */
  apiUrl?: string;
  /** Attempts before an alert's message is given up (default 8: about two hours of retries). */
  maxAttempts?: number;
  /** Delay after the first failure, doubled after each further one (default 30 s)… */
  retryBaseMs?: number;
  /** …up to this (default 30 min). */
  retryMaxMs?: number;
  /** How long a claimed message stays invisible to other senders (default 2 min). */
  leaseMs?: number;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

type ClaimedAlert = { id: number; text: string; attempts: number };

/** One Bot API call may take this long before it counts as failed. */
const REQUEST_TIMEOUT_MS = 10_000;
const BATCH = 20;

/**
 * Sends due alerts to the Telegram chat (`sendMessage`), like the mail outbox delivers mail:
 * claimed with SKIP LOCKED and leased in one statement, sent outside any transaction, retried
 * with backoff on any failure, so a Telegram outage never touches an order and its alerts
 * arrive once it is back. The bot token is read at sending time and never logged: the request
 * URL holds it, so errors are described without it.
 */
export async function deliverTelegramAlerts(options: TelegramDeliveryOptions) {
  const { db, log } = options;
  const apiUrl = (options.apiUrl ?? DEFAULT_TELEGRAM_API_URL).replace(/\/+$/, "");
  const maxAttempts = options.maxAttempts ?? 8;
  const leaseMs = options.leaseMs ?? 120_000;
  const claimed = await db.execute<ClaimedAlert>(sql`
    with due as materialized (
      select id from operator_alerts
      where telegram_status = 'pending' and telegram_next_attempt_at <= now()
      order by telegram_next_attempt_at, id
      limit ${BATCH}
      for update skip locked
    )
    update operator_alerts as a
    set telegram_attempts = a.telegram_attempts + 1,
      telegram_next_attempt_at = now() + ${leaseMs}::double precision * interval '1 millisecond'
    from due where a.id = due.id
    returning a.id, a.text, a.telegram_attempts as attempts
  `);
  if (claimed.rows.length === 0) return { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  const settings = await readAlertSettings(db);
  const report = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  for (const row of claimed.rows) {
    const alert = { ...row, attempts: Number(row.attempts) };
    const stillOurs = and(
      eq(operatorAlerts.id, alert.id),
      eq(operatorAlerts.telegramStatus, "pending"),
      eq(operatorAlerts.telegramAttempts, alert.attempts),
    );
    const chatId = settings.telegramChatId;
    const token = openToken(settings.telegramTokenSealed, options.box);
    if (!settings.telegramTokenSealed || !chatId) {
      // The chat was switched off after the alert was written.
      await db.update(operatorAlerts).set({ telegramStatus: "skipped" }).where(stillOurs);
      report.skipped += 1;
      continue;
    }
    const error =
      token === null
        ? { message: "the bot token cannot be opened (the server secret changed?): enter it again" }
        : await sendMessage({ apiUrl, token, chatId, text: alert.text });
    if (error === null) {
      await db
        .update(operatorAlerts)
        .set({ telegramStatus: "sent", telegramSentAt: new Date(), telegramLastError: null })
        .where(stillOurs);
      report.sent += 1;
      continue;
    }
    if (alert.attempts >= maxAttempts) {
      await db
        .update(operatorAlerts)
        .set({ telegramStatus: "failed", telegramLastError: error.message })
        .where(stillOurs);
      log.warn(
        { alertId: alert.id, attempts: alert.attempts, error: error.message },
        "telegram alert gave up",
      );
      report.failed += 1;
      continue;
    }
    const delayMs = Math.max(
      error.retryAfterMs ?? 0,
      retryDelayMs(alert.attempts, options.retryBaseMs ?? 30_000, options.retryMaxMs ?? 1_800_000),
    );
    await db
      .update(operatorAlerts)
      .set({
        telegramLastError: error.message,
        telegramNextAttemptAt: sql`now() + ${delayMs}::double precision * interval '1 millisecond'`,
      })
      .where(stillOurs);
    log.warn(
      { alertId: alert.id, attempts: alert.attempts, delayMs, error: error.message },
      "telegram alert retry",
    );
    report.retrying += 1;
  }
  return report;
}

/** One `sendMessage` call: null when Telegram accepted it, else why not (without the token). */
export async function sendMessage(message: {
  apiUrl: string;
  token: string;
  chatId: string;
  text: string;
}): Promise<{ message: string; retryAfterMs?: number } | null> {
  try {
    const response = await fetch(`${message.apiUrl}/bot${message.token}/sendMessage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        chat_id: message.chatId,
        text: message.text,
        link_preview_options: { is_disabled: true },
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as {
      ok?: boolean;
      description?: string;
      parameters?: { retry_after?: number };
    } | null;
    if (response.ok && body?.ok === true) return null;
    const retryAfter = body?.parameters?.retry_after;
    return {
      message: `HTTP ${response.status}: ${String(body?.description ?? "no description").slice(0, 300)}`,
      retryAfterMs: typeof retryAfter === "number" ? retryAfter * 1_000 : undefined,
    };
  } catch (error) {
    // fetch's own errors name no URL, but say so explicitly: only the kind and its cause code.
    const name = error instanceof Error ? error.name : "Error";
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { message: cause ? `${name}: ${cause}` : name };
  }
}

/** The token, or null when it was sealed under another server secret (retried, then failed). */
export function openToken(sealed: string | null, box: SecretBox): string | null {
  if (!sealed) return null;
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}
