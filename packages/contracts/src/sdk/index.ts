import { randomUUID } from "node:crypto";
import type { CurrencyPairEntry } from "../catalogue.ts";
import type { CreateOrderRequest, CreateOrderResult, OrderInfo, OrderStatus } from "../orders.ts";
import type { ReserveEntry } from "../reserves.ts";
import { type CallerContext, type ClientCredentials, callSigned } from "./client.ts";
import { createContentClient } from "./content-client.ts";
import { type ReceiptUpload, sendReceipt } from "./receipt-client.ts";
import type { Transport } from "./transport.ts";

export {
  ApiCallError,
  type CallerContext,
  type ClientCredentials,
  RETRYABLE_STATUSES,
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

/**
 * The typed SDK for Obmen's signed REST API. The web tier is its first user: it holds the
 * secret on the server and calls on behalf of each visitor (`caller`).
 */
export function createObmenClient(options: {
  transport: Transport;
  credentials: ClientCredentials;
}) {
  const { transport, credentials } = options;
  const call = <T>(
    caller: CallerContext,
    path: string,
    payload: Record<string, unknown>,
    idempotent: boolean,
  ) => callSigned<T>({ transport, credentials, caller, path, payload, call: { idempotent } });

  return {
    currencyPairs: {
      list: (caller: CallerContext) =>
        call<CurrencyPairEntry[]>(caller, "/rest/currency_pair/list", {}, true),
      get: (caller: CallerContext, currencyPairsInServiceId: number) =>
        call<CurrencyPairEntry>(
          caller,
          "/rest/currency_pair",
          { currency_pairs_in_service_id: currencyPairsInServiceId },
          true,
        ),
    },
    reserves: {
      /** What the exchange can pay out per currency, for the reserves page. */
      list: (caller: CallerContext) => call<ReserveEntry[]>(caller, "/rest/reserve/list", {}, true),
    },
    orders: {
      /**
       * Creates an order. The idempotency key makes the call safe to retry: a repeat returns
       * the first order instead of making a second one (DESIGN.md "Tiers").
       */
      create: (caller: CallerContext, form: CreateOrderRequest) =>
        call<CreateOrderResult>(
          caller,
          "/rest/exchange/create",
          { ...form, idempotency_key: form.idempotency_key ?? randomUUID() },
          true,
        ),
      info: (caller: CallerContext, orderId: string) =>
        call<OrderInfo>(caller, "/rest/exchange/info", { exchange_uuid: orderId }, true),
      update: (caller: CallerContext, orderId: string, status: OrderStatus) =>
        call<CreateOrderResult>(
          caller,
          "/rest/exchange/update",
          { exchange_uuid: orderId, exchange_status: status },
          false,
        ),
      review: (caller: CallerContext, review: { orderId: string; rating: number; text?: string }) =>
        call<{ exchange_uuid: string; rating: number }>(
          caller,
          "/rest/exchange/review",
          {
            exchange_uuid: review.orderId,
            action: "review",
            rating: review.rating,
            text: review.text ?? "",
          },
          false,
        ),
    },
    /** Pages, news, blog and FAQ: unsigned GETs with the public key in `X-Api-Key`. */
    content: createContentClient({ transport, publicKey: credentials.publicKey }),
    receipts: {
      /** Attaches a payment receipt (JPEG, PNG or PDF ≤ 10 MB) to an order; multipart. */
      send: (caller: CallerContext, upload: ReceiptUpload) =>
        sendReceipt({ transport, credentials, caller, upload }),
    },
    /** Escape hatch for calls the SDK has no typed method for yet. */
    call,
  };
}

export type ObmenClient = ReturnType<typeof createObmenClient>;
