import { AdminDashboardQuery, AdminDashboardResponse } from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { loadDashboard } from "./load-dashboard.ts";

/** The figures of the order desk: operators and admins (editors handle content only). */
const DESK = ["admin", "operator"] as const;

export function registerAdminDashboardRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/dashboard",
    summary:
      "Today or the last 30 days: orders by status, volume and profit by direction, orders per hour or day, low reserves",
    role: DESK,
    query: AdminDashboardQuery,
    response: AdminDashboardResponse,
    handler: ({ query, lang }) => loadDashboard({ db: deps.db, period: query.period, lang }),
  });
}
