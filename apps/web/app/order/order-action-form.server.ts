import { CustomerStatus, ReviewOrderRequest } from "@obmen/contracts";
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

/**
 * What the order page's forms post, told apart by `intent`: "I paid" or "cancel" (the
 * statuses a customer sets), a review (the API's own rating and text rules), or a receipt.
 */
export const OrderActionForm = z.discriminatedUnion("intent", [
  z.object({ intent: CustomerStatus }),
  z.object({
    intent: z.literal("review"),
    rating: ReviewOrderRequest.shape.rating,
    text: ReviewOrderRequest.shape.text,
  }),
  z.object({ intent: z.literal("receipt"), receipt: ReceiptFile }),
]);

/** The visitor's wording for what the form schema refused. */
export function orderActionMessage(t: WebTranslate) {
  return (issue: z.core.$ZodIssue): string => {
    switch (issue.path[0]) {
      case "rating":
        return t("Order.RatingRequired");
      case "text":
        return t("OrderField.too_long");
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
