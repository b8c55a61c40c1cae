import type { Database } from "@obmen/db";
import type { PgBoss } from "pg-boss";
import type { SecretBox } from "../account/totp/secret-box.ts";
import { deliverTelegramAlerts } from "./deliver-telegram-alerts.ts";
import { ensureAlertCursor, sweepOperatorAlerts } from "./sweep-alerts.ts";

const ALERT_SWEEP_QUEUE = "operator-alerts-sweep";
/** How often alerts are looked for and sent: an operator hears of an order within this. */
const DEFAULT_ALERT_SWEEP_SECONDS = 5;

export interface AlertJobOptions {
  /** Bot API base URL (`TELEGRAM_API_URL`, default https://api.telegram.org). */
  telegramApiUrl?: string;
  sweepSeconds?: number;
  /** First retry delay of a failed Telegram message (tests use a short one). */
  telegramRetryBaseMs?: number;
}

/**
 * Operator alerts run as a sweep on the job runner, like order expiry (order-jobs.ts): orders
 * are created by a SQL function that cannot enqueue a job (decision 020) but writes an
 * `order_events` row, which the sweep reads after its cursor. `sendThrottled` keeps it to one
 * job per interval across replicas; each run writes new alerts, then sends due Telegram
 * messages. E-mails go through the mail outbox's own dispatcher.
 */
export async function registerAlertJobs(
  options: AlertJobOptions & {
    boss: PgBoss;
    db: Database;
    appUrl: string;
    /** Opens the sealed bot token (AccountSecurity.alertsBox). */
    box: SecretBox;
    log: { warn(details: Record<string, unknown>, message: string): void };
    pollingIntervalSeconds?: number;
  },
) {
  const { boss, db } = options;
  const sweepSeconds = options.sweepSeconds ?? DEFAULT_ALERT_SWEEP_SECONDS;
  // The cursor starts at the newest event when alerts first run, not at the beginning of time.
  await ensureAlertCursor(db);
  await boss.createQueue(ALERT_SWEEP_QUEUE);
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work(ALERT_SWEEP_QUEUE, polling, async () => {
    await sweepOperatorAlerts({ db, appUrl: options.appUrl });
    await deliverTelegramAlerts({
      db,
      box: options.box,
      apiUrl: options.telegramApiUrl,
      retryBaseMs: options.telegramRetryBaseMs,
      log: options.log,
    });
  });
  const requestSweep = () =>
    boss
      .sendThrottled(ALERT_SWEEP_QUEUE, null, null, sweepSeconds)
      .catch((error: Error) => boss.emit("error", error));
  await requestSweep();
  const timer = setInterval(requestSweep, sweepSeconds * 1_000);
  timer.unref();
  boss.once("stopped", () => clearInterval(timer));
}
