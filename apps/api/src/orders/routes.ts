import {
  CreateOrderRequest,
  CreateOrderResponse,
  OrderInfoRequest,
  OrderInfoResponse,
  ReviewOrderRequest,
  ReviewOrderResponse,
  UpdateOrderRequest,
  UpdateOrderResponse,
} from "@obmen/contracts";
import type { ApiRoutes } from "../api-routes.ts";
import { createOrder, type PayToBySendCurrency } from "./create/create-order.ts";
import { createNewOrderQueue } from "./create/new-order-queue.ts";
import { createQuotedPairs } from "./create/quoted-pairs.ts";
import { getOrderInfo } from "./info/get-order-info.ts";
import { updateOrderByCustomer } from "./lifecycle/update-order-by-customer.ts";
import { registerRecalculationRoutes } from "./recalculation/routes.ts";
import { registerReceiptRoute } from "./receipts/receipt-route.ts";
import { reviewOrder } from "./reviews/review-order.ts";

/** Spec §7 exchange calls: create, info, update, review, send-receipt. */
export function registerOrderRoutes(routes: ApiRoutes) {
  const { app, define, deps } = routes;
  const payTo: PayToBySendCurrency = new Map();
  const newOrders = createNewOrderQueue({ db: deps.db });
  const quotedPairs = createQuotedPairs(deps.pairCache);
  // Each costly call spends from the visitor's budget (the envelope's ip, decision 036) once
  // its payload is valid and before it touches the database.
  const { publicCalls, orderCreatorKeys } = deps.accountSecurity;

  define({
    path: "/rest/exchange/create",
    methods: ["POST"],
    summary: "Create an order from the calculator form; the server recomputes every amount",
    payload: CreateOrderRequest,
    response: CreateOrderResponse,
    handler: async ({ payload, lang, meta }) => {
      await publicCalls.throttle("order_create", meta.ip);
      const created = await createOrder({
        db: deps.db,
        newOrders,
        pairs: quotedPairs,
        effects: deps.orderEffects,
        payTo,
        payload,
        lang,
        clientIp: meta.ip,
        lifetimeMs: deps.orderLifetimeMs,
        risk: deps.orderRisk,
      });
      // The creator's proof (decision 052): a retried create answers the same key.
      return { ...created, creator_key: orderCreatorKeys.keyOf(created.exchange_uuid) };
    },
  });

  define({
    path: "/rest/exchange/info",
    methods: ["GET", "POST"],
    summary: "An order's status, amounts, payment instructions and history",
    payload: OrderInfoRequest,
    response: OrderInfoResponse,
    auth: "optional",
    handler: ({ payload, lang, signedIn }) =>
      getOrderInfo({
        db: deps.db,
        orderId: payload.exchange_uuid,
        lang,
        // BTCPay invoices are made by the watcher's pass, never while a page waits.
        payments: {
          graceMs: deps.payments.graceMs,
          onError: (error) => app.log.warn({ err: error }, "payment target not made"),
        },
        viewer: { creatorKey: payload.creator_key, signedIn },
        keys: orderCreatorKeys,
      }),
  });

  define({
    path: "/rest/exchange/update",
    methods: ["POST"],
    summary: "The customer marks an order paid or cancels it (from `new` only)",
    payload: UpdateOrderRequest,
    response: UpdateOrderResponse,
    auth: "optional",
    handler: async ({ payload, meta, signedIn }) => {
      await publicCalls.throttle("order_update", meta.ip);
      return updateOrderByCustomer({
        db: deps.db,
        effects: deps.orderEffects,
        orderId: payload.exchange_uuid,
        status: payload.exchange_status,
        proof: { creatorKey: payload.creator_key, email: payload.email, signedIn },
        keys: orderCreatorKeys,
      });
    },
  });

  define({
    path: "/rest/exchange/review",
    methods: ["POST"],
    summary: "Review a completed order (once)",
    payload: ReviewOrderRequest,
    response: ReviewOrderResponse,
    handler: async ({ payload, meta }) => {
      await publicCalls.throttle("review", meta.ip);
      return reviewOrder({
        db: deps.db,
        orderId: payload.exchange_uuid,
        rating: payload.rating,
        text: payload.text,
      });
    },
  });

  registerReceiptRoute(routes);
  registerRecalculationRoutes(routes);
}
