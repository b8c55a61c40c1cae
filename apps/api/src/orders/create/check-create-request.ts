import {
  AppError,
  type CreateOrderRequest,
  type CurrencyPairEntry,
  ErrorCode,
  type Locale,
  pairLimits,
} from "@obmen/contracts";
import {
  checkAmounts,
  countDecimals,
  isRateWithinTolerance,
  parseDecimal,
  quoteReceive,
  quoteSend,
  validateOrderField,
} from "@obmen/domain";
import type { z } from "zod";
import { errorMessage, validationMessage } from "../../http/messages.ts";
import { amountMessage, fieldMessage, mismatchMessage } from "./field-messages.ts";

type CreatePayload = z.output<typeof CreateOrderRequest>;

export interface CheckedOrder {
  sendAmount: string;
  receiveAmount: string;
  email: string;
  fields: { key: string; value: string }[];
}

/**
 * Everything about a create request that needs no lock: the customer's fields, e-mail, the
 * echoed pair details, the client's rate against ours, and the amounts (recomputed from OUR
 * rate, DESIGN.md "Domain rules") against the limits and the reserve as last seen. The reserve
 * is checked again under a lock when the order is written.
 */
export function checkCreateRequest(options: {
  payload: CreatePayload;
  pair: CurrencyPairEntry;
  lang: Locale;
}): CheckedOrder {
  const { payload, pair, lang } = options;
  const fieldErrors: Record<string, string> = {};

  const email = validateOrderField({ type: "email", value: payload.email });
  if (!email.ok) {
    fieldErrors.email = payload.email
      ? fieldMessage("email", lang)
      : validationMessage("required", "email", lang);
  }

  const fields = checkOrderFields(pair, payload.fields, lang, fieldErrors);
  checkEchoedPair(payload, pair, lang, fieldErrors);

  if (!isRateWithinTolerance({ clientRate: payload, currentRate: pair.rate })) {
    throw new AppError(ErrorCode.RATE_CHANGED, {
      message: errorMessage(ErrorCode.RATE_CHANGED, lang),
      details: { rate: pair.rate },
    });
  }

  const amounts = quoteAmounts(payload, pair, lang, fieldErrors);
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      message: errorMessage(ErrorCode.VALIDATION_FAILED, lang),
      fields: fieldErrors,
    });
  }
  return { ...amounts!, email: email.ok ? email.normalized : payload.email, fields };
}

function checkOrderFields(
  pair: CurrencyPairEntry,
  given: { key: string; value: string }[],
  lang: Locale,
  errors: Record<string, string>,
): { key: string; value: string }[] {
  const values = new Map(given.map((field) => [field.key, field.value]));
  for (const key of values.keys()) {
    if (!pair.fields.some((definition) => definition.key === key)) {
      errors[`fields.${key}`] = fieldMessage("unknown_field", lang);
    }
  }
  const accepted: { key: string; value: string }[] = [];
  for (const definition of pair.fields) {
    const value = values.get(definition.key)?.trim() ?? "";
    if (!value && !definition.required) continue;
    const result = validateOrderField({
      type: definition.type,
      network: definition.network,
      value,
    });
    if (result.ok) accepted.push({ key: definition.key, value: result.normalized });
    else errors[`fields.${definition.key}`] = fieldMessage(result.reason, lang, definition.label);
  }
  return accepted;
}

/** The form echoes codes and decimals; a mismatch means the page is showing another pair. */
function checkEchoedPair(
  payload: CreatePayload,
  pair: CurrencyPairEntry,
  lang: Locale,
  errors: Record<string, string>,
) {
  const { send_currency: send, receive_currency: receive } = pair.currency_pair;
  const expected: [keyof CreatePayload, string | number][] = [
    ["send_key_code", send.url_xml],
    ["receive_key_code", receive.url_xml],
    ["send_decimal", send.currency_in_services.decimal],
    ["receive_decimal", receive.currency_in_services.decimal],
  ];
  for (const [key, value] of expected) {
    if (payload[key] !== undefined && payload[key] !== value) errors[key] = mismatchMessage(lang);
  }
}

function quoteAmounts(
  payload: CreatePayload,
  pair: CurrencyPairEntry,
  lang: Locale,
  errors: Record<string, string>,
): { sendAmount: string; receiveAmount: string } | null {
  const { send_currency: send, receive_currency: receive } = pair.currency_pair;
  const sendDecimals = send.currency_in_services.decimal;
  const receiveDecimals = receive.currency_in_services.decimal;
  const typed = payload.fixed_side === "receive" ? payload.receive_amount : payload.send_amount;
  const typedField = payload.fixed_side === "receive" ? "receive_amount" : "send_amount";
  if (typed === undefined || Number(typed) === 0) {
    errors[typedField] = validationMessage("required", typedField, lang);
    return null;
  }
  // Too many decimals in what the customer typed is their error, not something to round away.
  const typedDecimals = payload.fixed_side === "receive" ? receiveDecimals : sendDecimals;
  const parsed = parseDecimal(typed);
  if (!parsed || countDecimals(parsed) > typedDecimals) {
    const code = parsed ? "too_many_decimals" : "not_a_number";
    errors[typedField] = amountMessage(
      { field: typedField, code, limit: String(typedDecimals) },
      "",
      lang,
    );
    return null;
  }

  const limits = pairLimits(pair);
  const amounts =
    payload.fixed_side === "receive"
      ? quoteSend({ rate: pair.rate, receiveAmount: typed, sendDecimals, receiveDecimals })
      : quoteReceive({ rate: pair.rate, sendAmount: typed, sendDecimals, receiveDecimals });
  const { sendAmount, receiveAmount } = amounts;
  const violation = checkAmounts({
    sendAmount,
    receiveAmount,
    limits,
    sendDecimals,
    receiveDecimals,
  })[0];
  if (violation) {
    const code =
      violation.field === "send_amount" ? send.currency_code.name : receive.currency_code.name;
    const message = amountMessage(violation, code, lang);
    if (violation.code === "above_reserve") {
      throw new AppError(ErrorCode.INSUFFICIENT_RESERVE, {
        message: errorMessage(ErrorCode.INSUFFICIENT_RESERVE, lang),
        fields: { [violation.field]: message },
        details: { max_send_sum: limits.maxSend, max_receive_sum: limits.maxReceive },
      });
    }
    errors[violation.field] = message;
    return null;
  }
  return { sendAmount, receiveAmount };
}
