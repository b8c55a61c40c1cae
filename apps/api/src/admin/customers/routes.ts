import {
  AdminCustomerDetailResponse,
  AdminCustomerListResponse,
  AdminCustomerParams,
  AdminCustomerResponse,
  BlockCustomerRequest,
  CustomersQuery,
} from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { setCustomerBlock } from "./block-customer.ts";
import { findCustomers } from "./find-customers.ts";
import { loadCustomer } from "./load-customer.ts";

/** Risk is the business's call, not the night desk's (decision 062). */
const RISK = ["admin", "operator"] as const;

/** Customers (issue 29): found, shown, blocked and unblocked. */
export function registerAdminCustomerRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/customers",
    summary: "Customers by a part of the e-mail or an order's number",
    role: RISK,
    query: CustomersQuery,
    response: AdminCustomerListResponse,
    handler: async ({ query }) => ({ items: await findCustomers({ db: deps.db, q: query.q }) }),
  });

  define({
    method: "GET",
    path: "/admin/api/customers/{id}",
    summary: "A customer with their latest orders and live sessions",
    role: RISK,
    params: AdminCustomerParams,
    response: AdminCustomerDetailResponse,
    handler: ({ params }) => loadCustomer({ db: deps.db, id: params.id }),
  });

  define({
    method: "POST",
    path: "/admin/api/customers/{id}/block",
    summary:
      "Block a customer: every session ends, login is refused, new orders with the e-mail are held (audited)",
    role: RISK,
    params: AdminCustomerParams,
    body: BlockCustomerRequest,
    response: AdminCustomerResponse,
    handler: ({ params, body, caller, ip }) =>
      setCustomerBlock({
        db: deps.db,
        id: params.id,
        reason: body.reason,
        actor: { operatorId: caller.operator.id, ip },
      }),
  });

  define({
    method: "POST",
    path: "/admin/api/customers/{id}/unblock",
    summary: "Lift a customer's block (audited)",
    role: RISK,
    params: AdminCustomerParams,
    response: AdminCustomerResponse,
    handler: ({ params, caller, ip }) =>
      setCustomerBlock({
        db: deps.db,
        id: params.id,
        reason: null,
        actor: { operatorId: caller.operator.id, ip },
      }),
  });
}
