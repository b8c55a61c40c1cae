import {
  AcceptRecalculationRequest,
  AppError,
  ErrorCode,
  RecalculationAnswerResponse,
  RecalculationInfoRequest,
  RecalculationInfoResponse,
  RequestRefundRequest,
} from "@obmen/contracts";
import { orders } from "@obmen/db";
import { canAnswerRecalculation, maskFieldValue } from "@obmen/domain";
import { eq } from "drizzle-orm";
import { loadLatestRecalculation, recalculationView } from "../../admin/orders/recalculate-view.ts";
import type { ApiRoutes } from "../../api-routes.ts";
import { answerRecalculation } from "./answer-recalculation.ts";

/**
 * The customer's side of a recalculation at the current rate (issue 14 point 3, decision 035):
 * signed envelope calls like the other order calls. The order's number is the key, as for
 * `/rest/exchange/info` (decision 023).
 */
export function registerRecalculationRoutes({ define, deps }: ApiRoutes) {
  define({
    path: "/rest/exchange/recalculation",
    methods: ["GET", "POST"],
    summary:
      "The order's latest recalculation at the current rate (amounts before and after, the operator's note) and whether the customer may still answer it",
    payload: RecalculationInfoRequest,
    response: RecalculationInfoResponse,
    handler: async ({ payload }) => {
      const [order] = await deps.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, payload.exchange_uuid));
      if (!order) return notFound();
      const latest = await loadLatestRecalculation({
        db: deps.db,
        orderId: payload.exchange_uuid,
      });
      const view = latest && recalculationView(latest);
      return {
        // Whoever holds the order's link reads this: a refund card is masked (decision 023).
        recalculation: view && {
          ...view,
          refund_to: view.refund_to && maskFieldValue({ value: view.refund_to, type: undefined }),
        },
        can_answer:
          latest !== null && canAnswerRecalculation({ status: order.status, state: latest.state }),
      };
    },
  });

  define({
    path: "/rest/exchange/recalculation/accept",
    methods: ["POST"],
    summary:
      "The customer accepts the recalculated amounts: the order continues to processing. 409 CONFLICT when the proposal is no longer open",
    payload: AcceptRecalculationRequest,
    response: RecalculationAnswerResponse,
    auth: "optional",
    handler: async ({ payload, meta, signedIn }) => {
      // An answer changes the order like "paid" or "cancel": the same budget (decision 036).
      await deps.accountSecurity.publicCalls.throttle("order_update", meta.ip);
      return answerRecalculation({
        db: deps.db,
        effects: deps.orderEffects,
        orderId: payload.exchange_uuid,
        recalculationId: payload.recalculation_id,
        answer: "accept",
        proof: { creatorKey: payload.creator_key, email: payload.email, signedIn },
        keys: deps.accountSecurity.orderCreatorKeys,
      });
    },
  });

  define({
    path: "/rest/exchange/recalculation/refund",
    methods: ["POST"],
    summary:
      "The customer asks for a refund instead, to `refund_to` (an address, card or account of the send currency, checked like an order field); an operator sends it and marks the order refunded",
    payload: RequestRefundRequest,
    response: RecalculationAnswerResponse,
    auth: "optional",
    handler: async ({ payload, meta, signedIn }) => {
      await deps.accountSecurity.publicCalls.throttle("order_update", meta.ip);
      return answerRecalculation({
        db: deps.db,
        effects: deps.orderEffects,
        orderId: payload.exchange_uuid,
        recalculationId: payload.recalculation_id,
        answer: "refund",
        refundTo: payload.refund_to,
        proof: { creatorKey: payload.creator_key, email: payload.email, signedIn },
        keys: deps.accountSecurity.orderCreatorKeys,
      });
    },
  });
}

function notFound(): never {
  throw new AppError(ErrorCode.NOT_FOUND);
}
