import { AdminAlertListResponse, AdminAlertsQuery } from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { listAlerts } from "./list-alerts.ts";

/** Alerts carry customers' e-mails and go where the admin's settings say: admins only. */
const ADMIN = ["admin"] as const;

export function registerAdminAlertRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/alerts",
    summary:
      "Operator alerts, newest first, with each delivery's state: Telegram and every e-mail (pending, sent, failed with the reason, skipped)",
    role: ADMIN,
    query: AdminAlertsQuery,
    response: AdminAlertListResponse,
    handler: ({ query }) => listAlerts({ db: deps.db, page: query.page }),
  });
}
