import { type AdminAlertSettings, type AlertEvent, isLocale, type Locale } from "@obmen/contracts";
import { consoleSettings, type Database, type Transaction } from "@obmen/db";
import { eq } from "drizzle-orm";

/** The `console_settings` row that holds where operator alerts go. */
export const ALERT_SETTINGS_KEY = "alerts";

/**
 * The alert settings as stored. The bot token is sealed with a key derived from the server
 * secret (a database dump alone does not yield it), and only the alert sender opens it; its
 * mask is kept beside it for the console and the audit log.
 */
export interface StoredAlertSettings {
  emails: string[];
  telegramChatId: string | null;
  telegramTokenSealed: string | null;
  telegramTokenMask: string | null;
  events: Record<AlertEvent, boolean>;
  /** What the alerts are written in: the operators' language, not a customer's. */
  language: Locale;
}

/** Before an admin saves anything: no recipients, every kind of alert on. */
export const DEFAULT_ALERT_SETTINGS: StoredAlertSettings = {
  emails: [],
  telegramChatId: null,
  telegramTokenSealed: null,
  telegramTokenMask: null,
  events: { new_order: true, paid_order: true, low_reserve: true },
  language: "ru",
};

export async function readAlertSettings(
  db: Database | Transaction,
  options: { forUpdate?: boolean } = {},
): Promise<StoredAlertSettings> {
  const query = db
    .select({ value: consoleSettings.value })
    .from(consoleSettings)
    .where(eq(consoleSettings.key, ALERT_SETTINGS_KEY));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return fromStored(row?.value);
}

export async function writeAlertSettings(tx: Transaction, settings: StoredAlertSettings) {
  await tx
    .insert(consoleSettings)
    .values({ key: ALERT_SETTINGS_KEY, value: settings })
    .onConflictDoUpdate({
      target: consoleSettings.key,
      set: { value: settings, updatedAt: new Date() },
    });
}

/** A stored row read defensively: a missing key falls back to its default. */
function fromStored(value: unknown): StoredAlertSettings {
  const stored = (value ?? {}) as Partial<StoredAlertSettings>;
  return {
    emails: Array.isArray(stored.emails) ? stored.emails.map(String) : [],
    telegramChatId: typeof stored.telegramChatId === "string" ? stored.telegramChatId : null,
    telegramTokenSealed:
      typeof stored.telegramTokenSealed === "string" ? stored.telegramTokenSealed : null,
    telegramTokenMask:
      typeof stored.telegramTokenMask === "string" ? stored.telegramTokenMask : null,
    events: { ...DEFAULT_ALERT_SETTINGS.events, ...(stored.events ?? {}) },
    language: isLocale(stored.language) ? stored.language : DEFAULT_ALERT_SETTINGS.language,
  };
}

/**
 * What the console and the audit log see: the token's bot id and last four characters. The
 * bot id is public (it is the bot's user id); the secret part is never shown in full.
 */
export function maskTelegramToken(token: string | null): string | null {
  if (!token) return null;
  const [botId = ""] = token.split(":");
  return `${botId}:…${token.slice(-4)}`;
}

export function alertSettingsView(settings: StoredAlertSettings): AdminAlertSettings {
  return {
    emails: settings.emails,
    telegram_chat_id: settings.telegramChatId,
    telegram_token_set: settings.telegramTokenSealed !== null,
    telegram_token_masked:
      settings.telegramTokenSealed === null ? null : settings.telegramTokenMask,
    events: settings.events,
    language: settings.language,
  };
}
