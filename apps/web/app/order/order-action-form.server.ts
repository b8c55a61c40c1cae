import {
  CustomerStatus,
  RequestRefundRequest,
  ReviewOrderRequest,
  UpdateOrderRequest,
} from "@obmen/contracts";
import type { WebTranslate } from "@obmen/i18n";
import { z } from "zod";
import { checkReceiptFile, type ReceiptProblem } from "./receipt-rules.ts";

/** A receipt as the file input posts it, judged as the browser judged it before sending. */
const ReceiptFile = z.unknown().transform((entry, context) => {
  const file = entry instanceof File ? entry : null;
  const problem = checkReceiptFile(file);
  if (file !== null && problem === null) return file;
  context.addIssue({ code: "custom", params: { problem: problem ?? "missing" } });
  return z.NEVER;
});

/** The recalculation a form answers, as its hidden input posts it. */
const RecalculationId = z.coerce.number().int().positive();

/**
 * What the order page's forms post, told apart by `intent`: "I paid" or "cancel" (the
 * statuses a customer sets), a review (the API's own rating and text rules), or a receipt.
 */
export const OrderActionForm = z.discriminatedUnion("intent", [
  // The e-mail a browser that did not create the order types to move it (decision 052).
  z.object({ intent: CustomerStatus, email: UpdateOrderRequest.shape.email }),
  z.object({
    intent: z.literal("review"),
    rating: ReviewOrderRequest.shape.rating,
    text: ReviewOrderRequest.shape.text,
  }),
  z.object({ intent: z.literal("receipt"), receipt: ReceiptFile }),
  // The answers to a recalculation at the current rate (decision 035); the API checks the
  // refund's details like an order field of the send currency.
  z.object({
    intent: z.literal("recalculation_accept"),
    recalculation_id: RecalculationId,
    email: UpdateOrderRequest.shape.email,
  }),
  z.object({
    intent: z.literal("recalculation_refund"),
    recalculation_id: RecalculationId,
    refund_to: RequestRefundRequest.shape.refund_to.trim().min(1),
    email: UpdateOrderRequest.shape.email,
  }),
]);

/** The visitor's wording for what the form schema refused. */
export function orderActionMessage(t: WebTranslate) {
  return (issue: z.core.$ZodIssue): string => {
    switch (issue.path[0]) {
      case "rating":
        return t("Order.RatingRequired");
      case "text":
        return t("OrderField.too_long");
      case "email":
        return t("OrderProof.EmailWrong");
      case "refund_to":
        return t("Order.Recalculation.RefundRequired");
      case "receipt": {
        const problem = (issue.code === "custom" && issue.params?.problem) || "missing";
        return t(`Order.Receipt.Error.${problem as ReceiptProblem}`);
      }
      default:
        // No such intent: the page is older than the code behind it.
        return t("Order.ActionFailed");
    }
  };
}
