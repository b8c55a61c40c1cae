import {
  AdminCreateOperatorRequest,
  AdminOperatorListResponse,
  AdminOperatorParams,
  AdminOperatorPatch,
  AdminOperatorResponse,
} from "@obmen/contracts";
import type { AdminRoutes } from "../admin-routes.ts";
import { operatorView } from "../auth/operator-view.ts";
import { createOperator } from "./create-operator.ts";
import { listOperators } from "./list-operators.ts";
import { updateOperator } from "./update-operator.ts";

const ADMIN = ["admin"] as const;

export function registerAdminOperatorRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/operators",
    summary: "Every operator account (admin only)",
    role: ADMIN,
    response: AdminOperatorListResponse,
    handler: async () => ({ items: (await listOperators({ db: deps.db })).map(operatorView) }),
  });

  define({
    method: "POST",
    path: "/admin/api/operators",
    summary: "Create an operator account with a role (admin only)",
    role: ADMIN,
    body: AdminCreateOperatorRequest,
    response: AdminOperatorResponse,
    handler: async ({ body, caller, ip }) =>
      operatorView(
        await createOperator({
          db: deps.db,
          email: body.email,
          password: body.password,
          role: body.role,
          actor: { operatorId: caller.operator.id, ip },
        }),
      ),
  });

  define({
    method: "PATCH",
    path: "/admin/api/operators/{id}",
    summary: "Change an operator's role, or disable them (their sessions end) (admin only)",
    role: ADMIN,
    params: AdminOperatorParams,
    body: AdminOperatorPatch,
    response: AdminOperatorResponse,
    handler: async ({ params, body, caller, ip }) =>
      operatorView(
        await updateOperator({
          db: deps.db,
          id: params.id,
          patch: body,
          actor: { operatorId: caller.operator.id, ip },
        }),
      ),
  });
}
