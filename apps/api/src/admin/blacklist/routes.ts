import {
  BlacklistEntryParams,
  BlacklistEntryResponse,
  BlacklistListResponse,
  BlacklistQuery,
  CreateBlacklistEntryRequest,
  RemovedResponse,
} from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { addBlacklistEntry } from "./add-blacklist-entry.ts";
import { listBlacklist } from "./list-blacklist.ts";
import { removeBlacklistEntry } from "./remove-blacklist-entry.ts";

/** Risk is the business's call, not the night desk's (decision 062). */
const RISK = ["admin", "operator"] as const;

/** The blacklist (issue 29): a matching new order is created in `hold` (decision 062). */
export function registerAdminBlacklistRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/blacklist",
    summary: "Blacklisted e-mails, wallets, cards (masked) and IPs, newest first",
    role: RISK,
    query: BlacklistQuery,
    response: BlacklistListResponse,
    handler: ({ query }) => listBlacklist({ db: deps.db, ...query }),
  });

  define({
    method: "POST",
    path: "/admin/api/blacklist",
    summary:
      "Blacklist a value: new orders whose e-mail, field or IP matches are created in hold (audited)",
    role: RISK,
    body: CreateBlacklistEntryRequest,
    response: BlacklistEntryResponse,
    handler: ({ body, caller, ip }) =>
      addBlacklistEntry({
        db: deps.db,
        cardKey: deps.accountSecurity.blacklistCardKey,
        ...body,
        actor: { operatorId: caller.operator.id, operatorEmail: caller.operator.email, ip },
      }),
  });

  define({
    method: "DELETE",
    path: "/admin/api/blacklist/{id}",
    summary: "Take a value off the blacklist (audited; held orders keep their reason)",
    role: RISK,
    params: BlacklistEntryParams,
    response: RemovedResponse,
    handler: async ({ params, caller, ip }) => {
      await removeBlacklistEntry({
        db: deps.db,
        id: params.id,
        actor: { operatorId: caller.operator.id, ip },
      });
      return { removed: true as const };
    },
  });
}
