import type { AdminAlertSettings, AdminAlertSettingsPatch } from "@obmen/contracts";
import type { Database } from "@obmen/db";
import {
  alertSettingsView,
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
      telegramBotToken:
        patch.telegram_bot_token === undefined ? before.telegramBotToken : patch.telegram_bot_token,
      events: { ...before.events, ...patch.events },
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
