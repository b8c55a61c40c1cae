import {
  AdminChangeOrderStatusResponse,
  AdminOrderParams,
  AdminRecalculateRequest,
  AdminRecalculationPreviewQuery,
  AdminRecalculationResponse,
  AppError,
  ErrorCode,
} from "@obmen/contracts";
import { orders, reserveHolds } from "@obmen/db";
import { canRecalculate, compareDecimals } from "@obmen/domain";
import { eq } from "drizzle-orm";
import type { AdminRoutes } from "../admin-routes.ts";
import { loadAdminOrder } from "./load-admin-order.ts";
import { recalculateOrder } from "./recalculate-order.ts";
import { availableForOrder, priceRecalculation } from "./recalculate-pricing.ts";
import { loadLatestRecalculation, recalculationView } from "./recalculate-view.ts";

/** Money decisions are the desk's: operators and admins (as the status moves). */
/** The order desk: `desk` operators work it and nothing else (decision 062). */
const DESK = ["admin", "operator", "desk"] as const;

/** The console's recalculation at the current rate (decision 035). */
export function registerAdminRecalculationRoutes({ define, deps }: AdminRoutes) {
  define({
    method: "GET",
    path: "/admin/api/orders/{uuid}/recalculation",
    summary:
      "The order's latest recalculation and, when it may be recalculated now, a preview of the new amounts at the current rate for `received_amount`",
    role: DESK,
    params: AdminOrderParams,
    query: AdminRecalculationPreviewQuery,
    response: AdminRecalculationResponse,
    handler: async ({ params, query }) => {
      const [order] = await deps.db.select().from(orders).where(eq(orders.id, params.uuid));
      if (!order) throw new AppError(ErrorCode.NOT_FOUND);
      const latest = await loadLatestRecalculation({ db: deps.db, orderId: order.id });
      if (!canRecalculate(order.status)) {
        return { latest: latest && recalculationView(latest), preview: null };
      }
      const price = await priceRecalculation({
        tx: deps.db,
        order,
        receivedAmount: query.received_amount,
      });
      const [hold] = await deps.db
        .select()
        .from(reserveHolds)
        .where(eq(reserveHolds.orderId, order.id));
      const ownHold = hold?.state === "held" ? hold.amount : "0";
      const available = await availableForOrder({ tx: deps.db, order, ownHold, lock: false });
      return {
        latest: latest && recalculationView(latest),
        preview: {
          send_amount: price.sendAmount,
          receive_amount: price.receiveAmount,
          rate: {
            send_rate: price.sendRate,
            receive_rate: price.receiveRate,
            comission_amount: price.comissionAmount,
          },
          reserve_covers: compareDecimals(price.receiveAmount, available) <= 0,
        },
      };
    },
  });

  define({
    method: "POST",
    path: "/admin/api/orders/{uuid}/recalculate",
    summary:
      "Recalculate a paid, held, failed or expired order at the pair's current rate (optionally for the amount actually received); the order waits in `hold` for the customer's answer. 409 CONFLICT in another status, 409 INSUFFICIENT_RESERVE when the reserve cannot cover the new amount",
    role: DESK,
    params: AdminOrderParams,
    body: AdminRecalculateRequest,
    response: AdminChangeOrderStatusResponse,
    handler: async ({ params, body, caller, ip, lang }) => {
      await recalculateOrder({
        db: deps.db,
        effects: deps.orderEffects,
        appUrl: deps.appUrl,
        orderId: params.uuid,
        request: body,
        actor: { operatorId: caller.operator.id, ip },
      });
      return loadAdminOrder({
        db: deps.db,
        orderId: params.uuid,
        lang,
        role: caller.operator.role,
      });
    },
  });
}
