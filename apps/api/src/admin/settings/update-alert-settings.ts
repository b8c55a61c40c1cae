import type { AdminAlertSettings, AdminAlertSettingsPatch } from "@obmen/contracts";
import type { Database } from "@obmen/db";
import type { SecretBox } from "../../account/totp/secret-box.ts";
import {
  alertSettingsView,
  maskTelegramToken,
  readAlertSettings,
  type StoredAlertSettings,
  writeAlertSettings,
} from "../../alerts/alert-settings.ts";
import { type AuditActor, writeAudit } from "../audit/write-audit.ts";

/**
 * Saves what the admin changed, with an audit row of the before and after as the console sees
 * them: the bot token masked there too, so the audit log never holds it.
 */
export async function updateAlertSettings(options: {
  db: Database;
  patch: AdminAlertSettingsPatch;
  actor: AuditActor;
  /** Seals the bot token (AccountSecurity.alertsBox). */
  box: SecretBox;
}): Promise<AdminAlertSettings> {
  const { patch } = options;
  return options.db.transaction(async (tx) => {
    const before = await readAlertSettings(tx, { forUpdate: true });
    const after: StoredAlertSettings = {
      emails: patch.emails
        ? [...new Set(patch.emails.map((email) => email.trim()))]
        : before.emails,
      telegramChatId:
        patch.telegram_chat_id === undefined ? before.telegramChatId : patch.telegram_chat_id,
      ...sealedToken(before, patch.telegram_bot_token, options.box),
      events: { ...before.events, ...patch.events },
      language: patch.language ?? before.language,
    };
    await writeAlertSettings(tx, after);
    await writeAudit({
      tx,
      actor: options.actor,
      action: "settings.alerts.update",
      targetType: "settings",
      targetId: "alerts",
      before: alertSettingsView(before),
      after: alertSettingsView(after),
    });
    return alertSettingsView(after);
  });
}

/** The token as stored: kept, removed (`null`), or a new one sealed with its mask. */
function sealedToken(
  before: StoredAlertSettings,
  token: string | null | undefined,
  box: SecretBox,
): Pick<StoredAlertSettings, "telegramTokenSealed" | "telegramTokenMask"> {
  if (token === undefined) {
    return {
      telegramTokenSealed: before.telegramTokenSealed,
      telegramTokenMask: before.telegramTokenMask,
    };
  }
  if (token === null) return { telegramTokenSealed: null, telegramTokenMask: null };
  return { telegramTokenSealed: box.seal(token), telegramTokenMask: maskTelegramToken(token) };
}
