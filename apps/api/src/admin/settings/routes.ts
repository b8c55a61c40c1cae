import { AdminAlertSettingsPatch, AdminAlertSettingsResponse } from "@obmen/contracts";
import { alertSettingsView, readAlertSettings } from "../../alerts/alert-settings.ts";
import type { AdminRoutes } from "../admin-routes.ts";
import { updateAlertSettings } from "./update-alert-settings.ts";

/** Console settings are the admin's (issue 14: `admin` has "everything, incl. settings"). */
const ADMIN = ["admin"] as const;

export function registerAdminSettingsRoutes({ define, deps }: AdminRoutes) {
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
}
