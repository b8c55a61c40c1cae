import {
  AdminPartnerListQuery,
  AdminPartnerListResponse,
  AdminWithdrawalDecision,
  AdminWithdrawalListQuery,
  AdminWithdrawalListResponse,
  AdminWithdrawalParams,
  AdminWithdrawalResponse,
  AppError,
  ErrorCode,
} from "@obmen/contracts";
import { decideWithdrawal } from "../../affiliate/withdrawals/decide-withdrawal.ts";
import type { AdminRoutes } from "../admin-routes.ts";
import { listPartners } from "./list-partners.ts";
import { listWithdrawalDesk } from "./list-withdrawal-desk.ts";

/** Paying partners out moves money: the desk's roles, like orders (decision 028). */
const DESK = ["admin", "operator"] as const;

/** The withdrawal desk and the partner list (issue 18, docs/decisions/029-affiliate-ledger.md). */
export function registerAdminWithdrawalRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/withdrawals",
    summary:
      "Partners' withdrawal requests: requested first (oldest first), then decided; filter by status",
    role: DESK,
    query: AdminWithdrawalListQuery,
    response: AdminWithdrawalListResponse,
    handler: ({ query, lang }) => listWithdrawalDesk({ db: deps.db, ...query, lang }),
  });

  define({
    method: "POST",
    path: "/admin/api/withdrawals/{id}/status",
    summary:
      "Pay (with the payout's reference) or reject (with a reason) a requested withdrawal: the ledger's hold moves to paid or back to available, an audit row, a letter to the partner; 409 CONFLICT once decided",
    role: DESK,
    params: AdminWithdrawalParams,
    body: AdminWithdrawalDecision,
    response: AdminWithdrawalResponse,
    handler: async ({ params, body, caller, ip, lang }) => {
      await decideWithdrawal({
        db: deps.db,
        appUrl: deps.appUrl,
        withdrawalId: params.id,
        decision: body,
        actor: { operatorId: caller.operator.id, ip },
      });
      const { items } = await listWithdrawalDesk({
        db: deps.db,
        id: params.id,
        page: 1,
        lang,
      });
      if (!items[0]) throw new AppError(ErrorCode.NOT_FOUND);
      return items[0];
    },
  });

  define({
    method: "GET",
    path: "/admin/api/partners",
    summary: "Partners, newest first, with channels, referred orders and ledger balances",
    role: DESK,
    query: AdminPartnerListQuery,
    response: AdminPartnerListResponse,
    handler: ({ query }) =>
      listPartners({ db: deps.db, currency: deps.affiliate.currency, page: query.page }),
  });
}
