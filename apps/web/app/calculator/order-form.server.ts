import { CreateOrderRequest } from "@obmen/contracts";
import type { WebTranslate } from "@obmen/i18n";
import { z } from "zod";
import type { Locale } from "../i18n/locale.ts";
import { parseAmountText } from "./amount-text.ts";
import { CHECKED } from "./order-form.ts";

/**
 * The calculator's form (spec §3) read as the API's own create request: the API's schema
 * judges it, plus the one rule the site adds (the agreement, optional for partners). The form
 * differs from the request only in how it is typed, which `toCreateRequest` undoes.
 */
export function orderFormSchema(locale: Locale) {
  return z.preprocess(
    (form) => toCreateRequest(form, locale),
    CreateOrderRequest.extend({ agreement: z.literal(true) }),
  );
}

/**
 * Only the amount the visitor typed last (`fixed_side`) is sent, read in the visitor's locale
 * (`8 116,40`); the API computes the other from its own rate. Text that is no number is sent
 * as typed, for the schema to refuse under the amount's name.
 */
function toCreateRequest(form: unknown, locale: Locale): unknown {
  if (typeof form !== "object" || form === null) return form;
  const {
    fields,
    agreement,
    send_amount: _sendText,
    receive_amount: _receiveText,
    ...rest
  } = form as Record<string, unknown>;
  const fixedSide = rest.fixed_side === "receive" ? "receive" : "send";
  const typedName = `${fixedSide}_amount`;
  const typed = (form as Record<string, unknown>)[typedName];
  const text = typeof typed === "string" ? typed : "";
  return {
    ...rest,
    fields:
      typeof fields === "object" && fields !== null
        ? Object.entries(fields).map(([key, value]) => ({ key, value }))
        : [],
    fixed_side: fixedSide,
    [typedName]: parseAmountText(text, locale) ?? text,
    agreement: agreement === CHECKED,
  };
}

/** The visitor's wording for what the schema refused, in the calculator's own messages. */
export function orderFormMessage(t: WebTranslate) {
  return (issue: z.core.$ZodIssue): string => {
    switch (issue.path[0]) {
      case "send_amount":
      case "receive_amount":
        return t(issue.input ? "Amount.not_a_number" : "Amount.required");
      case "agreement":
        return t("Calculator.AgreementRequired");
      case "email":
        return t(issue.code === "too_big" ? "OrderField.too_long" : "OrderField.invalid_email");
      case "fields":
        return t(issue.code === "too_big" ? "OrderField.too_long" : "Calculator.StalePage");
      default:
        // A hidden input the visitor never typed: the page is stale (or was tampered with).
        return t("Calculator.StalePage");
    }
  };
}
