import {
  ADMIN_PAGE_SIZE,
  AdminChangeOrderStatusRequest,
  AdminChangeOrderStatusResponse,
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminOrderParams,
  AdminOrderResponse,
  AdminReceiptParams,
  AppError,
  ErrorCode,
} from "@obmen/contracts";
import { orderReceipts } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import type { AdminRoutes } from "../admin-routes.ts";
import { changeStatusByOperator } from "./change-status-by-operator.ts";
import { listOrders } from "./list-orders.ts";
import { loadAdminOrder } from "./load-admin-order.ts";
import { registerAdminRecalculationRoutes } from "./recalculate-routes.ts";

/** Orders and their money are the operators' (and the admins'); editors handle content only. */
/** The order desk: `desk` operators work it and nothing else (decision 062). */
const DESK = ["admin", "operator", "desk"] as const;

export function registerAdminOrderRoutes(routes: AdminRoutes) {
  const { define, deps } = routes;
  define({
    method: "GET",
    path: "/admin/api/orders",
    summary:
      "The order queue: new and paid first; filter by status, search by number, e-mail, amount or field value",
    role: DESK,
    query: AdminOrderListQuery,
    response: AdminOrderListResponse,
    handler: async ({ query, lang }) => {
      const { items, total, totalCapped } = await listOrders({ db: deps.db, ...query, lang });
      return {
        items,
        total,
        total_capped: totalCapped,
        page: query.page,
        page_size: ADMIN_PAGE_SIZE,
      };
    },
  });

  define({
    method: "GET",
    path: "/admin/api/orders/{uuid}",
    summary:
      "One order: amounts, rates, the customer's fields unmasked, receipts, history, possible moves",
    role: DESK,
    params: AdminOrderParams,
    response: AdminOrderResponse,
    handler: ({ params, lang, caller }) =>
      loadAdminOrder({ db: deps.db, orderId: params.uuid, lang, role: caller.operator.role }),
  });

  define({
    method: "POST",
    path: "/admin/api/orders/{uuid}/status",
    summary:
      "Move an order (processing, completed with payout_reference, hold and error with a comment, refunded, cancelled; a completed order refunded by an admin only, with a comment); 409 CONFLICT if the state machine forbids it",
    role: DESK,
    params: AdminOrderParams,
    body: AdminChangeOrderStatusRequest,
    response: AdminChangeOrderStatusResponse,
    handler: async ({ params, body, caller, ip, lang }) => {
      await changeStatusByOperator({
        db: deps.db,
        effects: deps.orderEffects,
        affiliate: deps.affiliate,
        orderId: params.uuid,
        request: body,
        actor: { operatorId: caller.operator.id, role: caller.operator.role, ip },
      });
      return loadAdminOrder({
        db: deps.db,
        orderId: params.uuid,
        lang,
        role: caller.operator.role,
      });
    },
  });

  define({
    method: "GET",
    path: "/admin/api/orders/{uuid}/receipts/{id}",
    summary: "A payment receipt's file (JPEG, PNG or PDF), shown inline",
    role: DESK,
    params: AdminReceiptParams,
    response: "file",
    handler: async ({ params, reply }) => {
      const [receipt] = await deps.db
        .select()
        .from(orderReceipts)
        .where(and(eq(orderReceipts.id, params.id), eq(orderReceipts.orderId, params.uuid)));
      if (!receipt) throw new AppError(ErrorCode.NOT_FOUND);
      // A customer's file shown on the console's origin: never sniffed into HTML, never
      // allowed to run script (a PDF or a mislabelled image), only displayed. Inline styles
      // are the browser's own image viewer's (centring the picture); nothing else may load.
      await reply
        .type(receipt.mimeType)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header("cache-control", "private, no-store")
        .header(
          "content-disposition",
          `inline; filename*=UTF-8''${encodeURIComponent(receipt.fileName)}`,
        )
        .send(receipt.content);
      return undefined;
    },
  });

  registerAdminRecalculationRoutes(routes);
}
