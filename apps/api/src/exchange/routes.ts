import {
  CreateExchangeRequest,
  CreateExchangeResult,
  ExchangeInfo,
  ExchangeInfoRequest,
  ReviewExchangeRequest,
  UpdateExchangeRequest,
} from "@obmen/contracts";
import { z } from "zod";
import type { ApiRoutes } from "../api-routes.ts";
import { createExchange, type PayToBySendCurrency } from "./create-exchange.ts";
import { getExchangeInfo } from "./get-exchange-info.ts";
import { createNewOrderQueue } from "./new-order-queue.ts";
import { createQuotedPairs } from "./quoted-pairs.ts";
import { registerReceiptRoute } from "./receipt-route.ts";
import { reviewExchange } from "./review-exchange.ts";
import { updateExchangeByCustomer } from "./update-exchange-by-customer.ts";

/** Spec §7 exchange calls: create, info, update, review, send-receipt. */
export function registerExchangeRoutes(routes: ApiRoutes) {
  const { define, deps } = routes;
  const payTo: PayToBySendCurrency = new Map();
  const newOrders = createNewOrderQueue({ db: deps.db });
  const quotedPairs = createQuotedPairs(deps.pairCache);

  define({
    path: "/rest/exchange/create",
    methods: ["POST"],
    summary: "Create an order from the calculator form; the server recomputes every amount",
    payload: CreateExchangeRequest,
    response: z.object({ data: CreateExchangeResult }),
    handler: ({ payload, lang, meta }) =>
      createExchange({
        db: deps.db,
        newOrders,
        pairs: quotedPairs,
        effects: deps.orderEffects,
        payTo,
        payload,
        lang,
        clientIp: meta.ip,
        lifetimeMs: deps.orderLifetimeMs,
      }),
  });

  define({
    path: "/rest/exchange/info",
    methods: ["GET", "POST"],
    summary: "An order's status, amounts, payment instructions and history",
    payload: ExchangeInfoRequest,
    response: z.object({ data: ExchangeInfo }),
    handler: ({ payload, lang }) =>
      getExchangeInfo({ db: deps.db, exchangeUuid: payload.exchange_uuid, lang }),
  });

  define({
    path: "/rest/exchange/update",
    methods: ["POST"],
    summary: "The customer marks an order paid or cancels it (from `new` only)",
    payload: UpdateExchangeRequest,
    response: z.object({ data: CreateExchangeResult }),
    handler: ({ payload, lang }) =>
      updateExchangeByCustomer({
        db: deps.db,
        effects: deps.orderEffects,
        exchangeUuid: payload.exchange_uuid,
        status: payload.exchange_status,
        lang,
      }),
  });

  define({
    path: "/rest/exchange/review",
    methods: ["POST"],
    summary: "Review a completed order (once)",
    payload: ReviewExchangeRequest,
    handler: ({ payload, lang }) =>
      reviewExchange({
        db: deps.db,
        exchangeUuid: payload.exchange_uuid,
        rating: payload.rating,
        text: payload.text,
        lang,
      }),
  });

  registerReceiptRoute(routes);
}
