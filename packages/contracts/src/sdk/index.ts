import { randomUUID } from "node:crypto";
import { z } from "zod";
import { CurrencyPairListResponse, CurrencyPairResponse } from "../catalogue.ts";
import {
  type CreateOrderRequest,
  CreateOrderResponse,
  OrderInfoResponse,
  type OrderStatus,
  ReviewOrderResponse,
  UpdateOrderResponse,
} from "../orders.ts";
import { PairRateHistoryResponse } from "../rate-history.ts";
import { ReserveListResponse } from "../reserves.ts";
import { type DataResponseSchema, dataResponse } from "../response.ts";
import { createAffiliateClient } from "./affiliate-client.ts";
import { type CallerContext, type ClientCredentials, callSigned } from "./client.ts";
import { createContentClient } from "./content-client.ts";
import { type ReceiptUpload, sendReceipt } from "./receipt-client.ts";
import type { Transport } from "./transport.ts";
import { createUserClient } from "./user-client.ts";

export {
  ApiCallError,
  ApiResponseError,
  type CallerContext,
  type ClientCredentials,
  RETRYABLE_STATUSES,
  type ResponseData,
} from "./client.ts";
export {
  type ContentClient,
  type ContentLangOptions,
  type ContentListOptions,
  createContentClient,
} from "./content-client.ts";
export type { ReceiptUpload } from "./receipt-client.ts";
export {
  httpTransport,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from "./transport.ts";

/** Any `{"data": …}` answer: what the escape hatch checks when given no schema of its own. */
const AnyDataResponse = dataResponse(z.unknown());

/**
 * The typed SDK for Obmen's signed REST API. The web tier is its first user: it holds the
 * secret on the server and calls on behalf of each visitor (`caller`). Every answer is parsed
 * with the response schema the API declares for the call, so what a caller gets is what the
 * types say, or an ApiResponseError.
 */
export function createObmenClient(options: {
  transport: Transport;
  credentials: ClientCredentials;
}) {
  const { transport, credentials } = options;
  const call = <S extends DataResponseSchema = typeof AnyDataResponse>(
    caller: CallerContext,
    path: string,
    payload: Record<string, unknown>,
    idempotent: boolean,
    response: S = AnyDataResponse as unknown as S,
  ) =>
    callSigned({ transport, credentials, caller, path, payload, call: { idempotent }, response });

  return {
    currencyPairs: {
      list: (caller: CallerContext) =>
        call(caller, "/rest/currency_pair/list", {}, true, CurrencyPairListResponse),
      get: (caller: CallerContext, currencyPairsInServiceId: number) =>
        call(
          caller,
          "/rest/currency_pair",
          { currency_pairs_in_service_id: currencyPairsInServiceId },
          true,
          CurrencyPairResponse,
        ),
      /** The pair's applied rate over the last day, for the exchange page's sparkline. */
      rateHistory: (caller: CallerContext, currencyPairsInServiceId: number) =>
        call(
          caller,
          "/rest/currency_pair/rate_history",
          { currency_pairs_in_service_id: currencyPairsInServiceId },
          true,
          PairRateHistoryResponse,
        ),
    },
    reserves: {
      /** What the exchange can pay out per currency, for the reserves page. */
      list: (caller: CallerContext) =>
        call(caller, "/rest/reserve/list", {}, true, ReserveListResponse),
    },
    orders: {
      /**
       * Creates an order. The idempotency key makes the call safe to retry: a repeat returns
       * the first order instead of making a second one (DESIGN.md "Tiers").
       */
      create: (caller: CallerContext, form: CreateOrderRequest) =>
        call(
          caller,
          "/rest/exchange/create",
          { ...form, idempotency_key: form.idempotency_key ?? randomUUID() },
          true,
          CreateOrderResponse,
        ),
      /** With the creator's key the answer's e-mail is in full (decision 052). */
      info: (caller: CallerContext, orderId: string, creatorKey?: string) =>
        call(
          caller,
          "/rest/exchange/info",
          { exchange_uuid: orderId, ...(creatorKey ? { creator_key: creatorKey } : {}) },
          true,
          OrderInfoResponse,
        ),
      /**
       * "I paid" or "cancel". The right to move the order: the caller's session (the owner),
       * or `proof`, the creator's key or the order's e-mail (decision 052).
       */
      update: (
        caller: CallerContext,
        orderId: string,
        status: OrderStatus,
        proof: { creatorKey?: string; email?: string } = {},
      ) =>
        call(
          caller,
          "/rest/exchange/update",
          {
            exchange_uuid: orderId,
            exchange_status: status,
            ...(proof.creatorKey ? { creator_key: proof.creatorKey } : {}),
            ...(proof.email !== undefined ? { email: proof.email } : {}),
          },
          false,
          UpdateOrderResponse,
        ),
      review: (caller: CallerContext, review: { orderId: string; rating: number; text?: string }) =>
        call(
          caller,
          "/rest/exchange/review",
          {
            exchange_uuid: review.orderId,
            action: "review",
            rating: review.rating,
            text: review.text ?? "",
          },
          false,
          ReviewOrderResponse,
        ),
    },
    /** Accounts: register, confirm, login, the signed-in user, logout, password reset and change. */
    user: createUserClient(call),
    /** The affiliate programme: channels, click, referrals, balance and withdrawals. */
    affiliate: createAffiliateClient(call),
    /** Pages, news, blog and FAQ: unsigned GETs with the public key in `X-Api-Key`. */
    content: createContentClient({ transport, publicKey: credentials.publicKey }),
    receipts: {
      /** Attaches a payment receipt (JPEG, PNG or PDF ≤ 10 MB) to an order; multipart. */
      send: (caller: CallerContext, upload: ReceiptUpload) =>
        sendReceipt({ transport, credentials, caller, upload }),
    },
    /**
     * Escape hatch for calls the SDK has no typed method for yet: pass the call's response
     * schema to get its `data` parsed; without one the answer is only checked to be
     * `{"data": …}` and its data comes back as `unknown`.
     */
    call,
  };
}

export type ObmenClient = ReturnType<typeof createObmenClient>;
