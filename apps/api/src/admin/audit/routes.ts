import { ADMIN_PAGE_SIZE, AdminAuditListResponse, AdminAuditQuery } from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { listAudit } from "./list-audit.ts";

export function registerAdminAuditRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/audit",
    summary:
      "The audit log, newest first: who did what, when, from where, before and after (admin only); filters: operator, target_type and target_id, action, from and to (UTC days, both included)",
    role: ["admin"],
    query: AdminAuditQuery,
    response: AdminAuditListResponse,
    handler: async ({ query }) => {
      const { items, total } = await listAudit({ db: deps.db, query });
      return { items, total, page: query.page, page_size: ADMIN_PAGE_SIZE };
    },
  });
}
