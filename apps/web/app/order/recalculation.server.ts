import {
  type OrderStatus,
  RecalculationAnswerResponse,
  RecalculationInfoResponse,
} from "@obmen/contracts";
import type { CallerContext, ObmenClient } from "@obmen/contracts/sdk";
import { AWAITING_ANSWER_STATUS } from "@obmen/domain";
import { isApiCallError } from "../api-call-error.ts";

/**
 * The order page's side of a recalculation at the current rate (decision 035), through the
 * signed calls `/rest/exchange/recalculation[/accept|/refund]`. Asked only while the order
 * waits in `hold`: every other page view costs no extra call.
 */
export async function loadRecalculation(options: {
  api: ObmenClient;
  caller: CallerContext;
  orderId: string;
  status: OrderStatus;
}) {
  if (options.status !== AWAITING_ANSWER_STATUS) return null;
  const data = await options.api.call(
    options.caller,
    "/rest/exchange/recalculation",
    { exchange_uuid: options.orderId },
    true,
    RecalculationInfoResponse,
  );
  return data.recalculation ? data : null;
}

/**
 * Sends the customer's answer. A refusal the visitor can act on (the details are wrong, the
 * question changed meanwhile) comes back as its worded message, the field's own when it has one.
 */
export async function sendRecalculationAnswer(options: {
  api: ObmenClient;
  caller: CallerContext;
  orderId: string;
  form:
    | { intent: "recalculation_accept"; recalculation_id: number; email?: string }
    | {
        intent: "recalculation_refund";
        recalculation_id: number;
        refund_to: string;
        email?: string;
      };
  /** This browser's key for the order, if it created it (decision 052). */
  creatorKey?: string;
}): Promise<{ status: number; error: string } | null> {
  const { api, caller, orderId, form, creatorKey } = options;
  // An answer moves the order: it carries the same proof as "I paid" (decision 052).
  const key = {
    exchange_uuid: orderId,
    recalculation_id: form.recalculation_id,
    ...(creatorKey ? { creator_key: creatorKey } : {}),
    ...(form.email !== undefined ? { email: form.email } : {}),
  };
  try {
    if (form.intent === "recalculation_accept") {
      await api.call(
        caller,
        "/rest/exchange/recalculation/accept",
        key,
        false,
        RecalculationAnswerResponse,
      );
    } else {
      await api.call(
        caller,
        "/rest/exchange/recalculation/refund",
        { ...key, refund_to: form.refund_to },
        false,
        RecalculationAnswerResponse,
      );
    }
    return null;
  } catch (error) {
    if (!isApiCallError(error) || error.status >= 500) throw error;
    const { message, fields } = error.body.error;
    return { status: error.status, error: fields?.email ?? fields?.refund_to ?? message };
  }
}
