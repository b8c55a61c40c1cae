import {
  AdminAlertSettingsPatch,
  AdminAlertSettingsResponse,
  AdminTestAlertResponse,
} from "@obmen/contracts";
import { alertSettingsView, readAlertSettings } from "../../alerts/alert-settings.ts";
import type { AdminRoutes } from "../admin-routes.ts";
import { sendTestAlert } from "../alerts/send-test-alert.ts";
import { updateAlertSettings } from "./update-alert-settings.ts";

/** Console settings are the admin's (issue 14: `admin` has "everything, incl. settings"). */
const ADMIN = ["admin"] as const;

export function registerAdminSettingsRoutes({ define, deps, alertChannels }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/settings/alerts",
    summary:
      "Where operator alerts go: e-mail addresses, Telegram chat (token masked), which events",
    role: ADMIN,
    response: AdminAlertSettingsResponse,
    handler: async () => alertSettingsView(await readAlertSettings(deps.db)),
  });
  define({
    method: "PATCH",
    path: "/admin/api/settings/alerts",
    summary: "Changes where operator alerts go; the bot token is write-only (null removes it)",
    role: ADMIN,
    body: AdminAlertSettingsPatch,
    response: AdminAlertSettingsResponse,
    handler: ({ body, caller, ip }) =>
      updateAlertSettings({
        db: deps.db,
        patch: body,
        actor: { operatorId: caller.operator.id, ip },
        box: deps.accountSecurity.alertsBox,
      }),
  });
  define({
    method: "POST",
    path: "/admin/api/settings/alerts/test",
    summary:
      "Sends a test alert through the saved e-mail addresses and Telegram chat now; answers what each channel did (sent, stored, failed with the reason, off)",
    role: ADMIN,
    response: AdminTestAlertResponse,
    handler: ({ caller, ip }) =>
      sendTestAlert({
        db: deps.db,
        box: deps.accountSecurity.alertsBox,
        mailer: alertChannels.mailer,
        telegramApiUrl: alertChannels.telegramApiUrl,
        appUrl: deps.appUrl,
        operator: { email: caller.operator.email },
        actor: { operatorId: caller.operator.id, ip },
      }),
  });
}
