import { FIELD_MAX_LENGTH, RECALCULATION_STATES } from "@obmen/domain";
import { z } from "zod";
import { AdminDecimal } from "./admin.ts";
import { DecimalString } from "./catalogue.ts";
import { CreatorKey, OrderId, OrderStatus } from "./orders.ts";
import { dataResponse } from "./response.ts";

/**
 * Recalculation at the current rate (issue 14 point 3, docs/decisions/035): an operator
 * prices a late or different payment at the pair's rate of now; the customer accepts the new
 * amount or asks for a refund. The operator's calls are the console's (`/admin/api/*`); the
 * customer's are signed envelope calls like every `/rest/exchange/*` call.
 */

const Rate = z.object({
  send_rate: DecimalString,
  receive_rate: DecimalString,
  comission_amount: DecimalString,
});
const Amounts = z.object({
  send_amount: DecimalString,
  receive_amount: DecimalString,
  rate: Rate,
});

/** The same recalculation as the customer and the operator see it. */
export const Recalculation = z.object({
  id: z.number().int(),
  state: z.enum(RECALCULATION_STATES),
  previous: Amounts,
  current: Amounts,
  /** The operator's note to the customer. */
  comment: z.string().nullable(),
  /** Where the customer asked the money to go back; null unless a refund was asked for. */
  refund_to: z.string().nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type Recalculation = z.infer<typeof Recalculation>;

// ---------------------------------------------------------------------------------------------
// Console

/**
 * `received_amount`: what actually arrived, in the send currency (absent: the order's own
 * send amount, for a late payment of the right sum). The receive amount is quoted again at the
 * pair's current rate, fee and places as an order create does.
 */
export const AdminRecalculateRequest = z.strictObject({
  received_amount: AdminDecimal.optional(),
  comment: z.string().trim().max(2000).optional(),
});
export type AdminRecalculateRequest = z.input<typeof AdminRecalculateRequest>;

export const AdminRecalculationPreviewQuery = z.strictObject({
  received_amount: AdminDecimal.optional(),
});

/**
 * What the console shows before the operator confirms: the latest recalculation (answered or
 * not), and, when the order may be recalculated now, the amounts it would get and whether the
 * reserve covers them.
 */
export const AdminRecalculationView = z.object({
  latest: Recalculation.nullable(),
  preview: Amounts.extend({ reserve_covers: z.boolean() }).nullable(),
});
export type AdminRecalculationView = z.infer<typeof AdminRecalculationView>;
export const AdminRecalculationResponse = dataResponse(AdminRecalculationView);

// ---------------------------------------------------------------------------------------------
// Customer (signed envelope calls)

export const RecalculationInfoRequest = z.strictObject({ exchange_uuid: OrderId });
export const RecalculationInfoResponse = dataResponse(
  z.object({
    /** The order's latest recalculation, or null when it was never recalculated. */
    recalculation: Recalculation.nullable(),
    /** True while the customer may still accept it or ask for a refund. */
    can_answer: z.boolean(),
  }),
);

/**
 * An answer moves the order like "I paid" does, so it needs the same proof beyond the link
 * (decision 052): the creator's key, the order's e-mail, or the owner's session.
 */
const MoverProof = {
  creator_key: CreatorKey.optional(),
  email: z.string().trim().max(FIELD_MAX_LENGTH.email).optional(),
};

export const AcceptRecalculationRequest = z.strictObject({
  exchange_uuid: OrderId,
  recalculation_id: z.number().int().positive(),
  ...MoverProof,
});

/**
 * `refund_to`: a wallet address (crypto), a card number (bank) or an account (e-wallet) of
 * the send currency, checked like an order field of that type.
 */
export const RequestRefundRequest = z.strictObject({
  exchange_uuid: OrderId,
  recalculation_id: z.number().int().positive(),
  refund_to: z.string().max(FIELD_MAX_LENGTH.crypto_address),
  ...MoverProof,
});

export const RecalculationAnswerResponse = dataResponse(
  z.object({ exchange_uuid: OrderId, exchange_status: OrderStatus }),
);
