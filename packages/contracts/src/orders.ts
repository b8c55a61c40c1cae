import {
  CUSTOMER_STATUSES,
  FIELD_MAX_LENGTH,
  MAX_CURRENCY_DECIMALS,
  MAX_RATING,
  MIN_RATING,
  ORDER_STATUSES,
  REVIEW_TEXT_MAX_LENGTH,
} from "@obmen/domain";
import { z } from "zod";
import { CurrencyDecimals, DecimalString, OrderFieldDefinition } from "./catalogue.ts";
import { PaymentReceived } from "./payments.ts";
import { dataResponse } from "./response.ts";
import { RowId, WholeNumber } from "./whole-number.ts";

/** Order statuses (DESIGN.md "Orders"). */
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** The statuses a customer may set: `paid` and `cancelled`. */
export const CustomerStatus = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatus>;

const Amount = z
  .string()
  .trim()
  .regex(
    new RegExp(`^\\d{1,20}(\\.\\d{1,${MAX_CURRENCY_DECIMALS}})?$`),
    "must be a positive decimal number",
  );
/** A currency named by a partner: its id as a JSON integer, or any string up to 32 characters. */
const EchoedCurrency = z.union([z.number().int().positive(), z.string().max(32)]);
/** An order's number: its `exchange_uuid` (unguessable, DESIGN.md "Orders"). */
export const OrderId = z.uuid();

/**
 * The calculator form (spec §3) as `/rest/exchange/create` takes it. The server recomputes
 * every amount from its own rate; the echoed names, codes and decimals must match the pair.
 */
export const CreateOrderRequest = z.strictObject({
  currency_pairs_in_service_id: RowId,
  email: z.string().trim().max(FIELD_MAX_LENGTH.email),
  fields: z
    .array(z.strictObject({ key: z.string().max(64), value: z.string().max(512) }))
    .max(20)
    .default([]),
  send_amount: Amount.optional(),
  receive_amount: Amount.optional(),
  /** Which amount the customer typed; the other is computed. Default: `send`. */
  fixed_side: z.enum(["send", "receive"]).default("send"),
  send_rate: DecimalString,
  receive_rate: DecimalString,
  send_name: z.string().max(100).optional(),
  receive_name: z.string().max(100).optional(),
  send_key_code: z.string().max(32).optional(),
  receive_key_code: z.string().max(32).optional(),
  send_decimal: WholeNumber.pipe(CurrencyDecimals).optional(),
  receive_decimal: WholeNumber.pipe(CurrencyDecimals).optional(),
  /**
   * The currency as the pair list names it: its `id` (a number, or a string of digits) or its
   * code (`currency_code.name` or `url_xml`); checked against the pair like the other echoes.
   */
  send_currency: EchoedCurrency.optional(),
  receive_currency: EchoedCurrency.optional(),
  /** A retried create with the same key returns the first order instead of a second. */
  idempotency_key: z.string().min(8).max(100).optional(),
  /** Agreement with the rules: required by the site's form, optional for partners. */
  agreement: z.boolean().optional(),
  /**
   * The affiliate `rid` the visitor came with (the web tier's `rid` cookie, spec §4, §9): the
   * order is attributed to that partner's channel; an unknown rid is ignored, never refused.
   */
  rid: z.string().max(64).optional(),
});
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

export const CreateOrderResult = z.object({
  exchange_uuid: OrderId,
  exchange_status: OrderStatus,
});
export type CreateOrderResult = z.infer<typeof CreateOrderResult>;

/**
 * The proof that the caller created the order (docs/decisions/052-moving-an-order-needs-proof.md):
 * kept by the creator (the site: an HttpOnly cookie) and given back to `info` (the e-mail in
 * full) and to `update` (moving the order without its e-mail). The same for a retried create.
 */
export const CreatorKey = z.string().min(1).max(100);

export const CreatedOrder = CreateOrderResult.extend({ creator_key: CreatorKey });
export type CreatedOrder = z.infer<typeof CreatedOrder>;
export const CreateOrderResponse = dataResponse(CreatedOrder);

export const OrderInfoRequest = z.strictObject({
  exchange_uuid: OrderId,
  /** With the creator's key (or the owner's session) the answer's e-mail is not masked. */
  creator_key: CreatorKey.optional(),
});

/**
 * Moving an order is a right the link alone does not give (decision 052): the call carries the
 * creator's `creator_key`, or the `email` the order was created with, or comes from the owner's
 * session (`user_auth_token` of the account with that e-mail). Without one: 403 FORBIDDEN
 * with `fields.email`; a wrong e-mail: the same, and nothing changes.
 */
export const UpdateOrderRequest = z.strictObject({
  exchange_uuid: OrderId,
  /** Any status is accepted here, so a partner asking for another one learns it is forbidden. */
  exchange_status: OrderStatus,
  creator_key: CreatorKey.optional(),
  email: z.string().trim().max(FIELD_MAX_LENGTH.email).optional(),
});
/** The order's status after the change. */
export const UpdateOrderResponse = dataResponse(CreateOrderResult);

/** Stars of a review: a whole number from MIN_RATING to MAX_RATING (a form posts it as text). */
export const Rating = WholeNumber.pipe(z.number().min(MIN_RATING).max(MAX_RATING));
const Stars = z.number().int().min(MIN_RATING).max(MAX_RATING);

export const ReviewOrderRequest = z.strictObject({
  exchange_uuid: OrderId,
  action: z.enum(["review"]).default("review"),
  rating: Rating,
  text: z.string().trim().max(REVIEW_TEXT_MAX_LENGTH).default(""),
});
export const ReviewOrderResult = z.object({ exchange_uuid: OrderId, rating: Stars });
export type ReviewOrderResult = z.infer<typeof ReviewOrderResult>;
export const ReviewOrderResponse = dataResponse(ReviewOrderResult);

const ExchangeCurrency = z.object({
  id: z.number().int(),
  name: z.string(),
  currency_code: z.string(),
  url_xml: z.string(),
  icon: z.string(),
  network_code: z.string().nullable(),
  kind: z.enum(["crypto", "bank", "ewallet"]),
  decimal: z.number().int(),
});

/** Where and how the customer pays (shown with copy buttons, and a QR code for crypto). */
export const PaymentInstructions = z.object({
  amount: DecimalString,
  currency_code: z.string(),
  /** Wallet address, card number, phone or account; null: the operator sends details. */
  target: z.string().nullable(),
  holder: z.string().nullable(),
  /**
   * The target is still a placeholder of the demo catalogue, not where the exchange takes
   * money: show "demo details, do not pay" next to it (docs/decisions/018-demo-data.md).
   * False when there is no target.
   */
  demo: z.boolean(),
  /** `crypto_address`, `card_number`, `phone` or `account`: how to present the target. */
  target_kind: z.enum(["crypto_address", "card_number", "phone", "account"]),
  network_code: z.string().nullable(),
  /** A sentence in the request's language. */
  text: z.string(),
  /** For crypto: a payment URI for the QR code (e.g. `bitcoin:addr?amount=…`). */
  qr_payload: z.string().nullable(),
  /**
   * What the chain watcher has seen paid (issue 28); null: nothing yet, or the currency is
   * confirmed by an operator.
   */
  received: PaymentReceived.nullable(),
});
export type PaymentInstructions = z.infer<typeof PaymentInstructions>;

export const OrderInfo = z.object({
  exchange_uuid: OrderId,
  exchange_status: OrderStatus,
  send_amount: DecimalString,
  receive_amount: DecimalString,
  rate: z.object({
    send_rate: DecimalString,
    receive_rate: DecimalString,
    comission_amount: DecimalString,
  }),
  send_currency: ExchangeCurrency,
  receive_currency: ExchangeCurrency,
  /**
   * What the customer filled in, each with the side of its definition (the payer's own card:
   * `send`; the payout details: `receive`). Card numbers and names arrive masked: the link is
   * the only key to this answer (docs/decisions/023-order-page-privacy.md).
   */
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      value: z.string(),
      side: OrderFieldDefinition.shape.side,
    }),
  ),
  /** In full for the creator and the owner; masked (`wa•••@mail.test`) for anyone else. */
  email: z.string(),
  /**
   * True when this caller proved neither creating nor owning the order: `email` is masked,
   * and `update` needs the order's e-mail (decision 052).
   */
  email_required: z.boolean(),
  created_at: z.string(),
  expires_at: z.string(),
  payment: PaymentInstructions,
  history: z.array(
    z.object({
      status: OrderStatus,
      at: z.string(),
      actor: z.enum(["customer", "operator", "system"]),
      comment: z.string().nullable(),
    }),
  ),
  /** What the customer may do now: a subset of `paid`, `cancelled`. */
  customer_actions: z.array(CustomerStatus),
  receipts: z.array(
    z.object({ id: z.number().int(), file_name: z.string(), created_at: z.string() }),
  ),
  review: z.object({ rating: Stars, text: z.string() }).nullable(),
  can_review: z.boolean(),
  /**
   * The payout's reference (a transaction hash, a transfer number) the operator gave when
   * completing the order, so the customer can find the money; null before completion.
   */
  payout_reference: z.string().nullable(),
});
export type OrderInfo = z.infer<typeof OrderInfo>;
export const OrderInfoResponse = dataResponse(OrderInfo);
