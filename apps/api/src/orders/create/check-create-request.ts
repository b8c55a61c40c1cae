import {
  AppError,
  type CreateOrderRequest,
  type CurrencyPairEntry,
  ErrorCode,
  type FieldProblem,
  pairLimits,
} from "@obmen/contracts";
import {
  type AmountViolation,
  checkAmounts,
  countDecimals,
  isRateWithinTolerance,
  parseDecimal,
  quoteReceive,
  quoteSend,
  validateOrderField,
} from "@obmen/domain";
import type { z } from "zod";

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
}): CheckedOrder {
  const { payload, pair } = options;
  const fieldErrors: Record<string, FieldProblem> = {};

  const email = validateOrderField({ type: "email", value: payload.email });
  if (!email.ok) {
    fieldErrors.email = payload.email
      ? { key: "OrderField.invalid_email" }
      : { key: "Validation.required", field: "email" };
  }

  const fields = checkOrderFields(pair, payload.fields, fieldErrors);
  checkEchoedPair(payload, pair, fieldErrors);

  if (!isRateWithinTolerance({ clientRate: payload, currentRate: pair.rate })) {
    throw new AppError(ErrorCode.RATE_CHANGED, { details: { rate: pair.rate } });
  }

  const amounts = quoteAmounts(payload, pair, fieldErrors);
  if (Object.keys(fieldErrors).length > 0) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, { fields: fieldErrors });
  }
  return { ...amounts!, email: email.ok ? email.normalized : payload.email, fields };
}

/**
 * The customer's fields against the definitions (errors under `fields.<key>` into `errors`);
 * also the affiliate withdrawal's payout details (affiliate/withdrawals/create-withdrawal.ts).
 */
export function checkOrderFields(
  pair: Pick<CurrencyPairEntry, "fields">,
  given: { key: string; value: string }[],
  errors: Record<string, FieldProblem>,
): { key: string; value: string }[] {
  const values = new Map(given.map((field) => [field.key, field.value]));
  // A key given twice would let the second value silently win: say which one is doubled.
  if (values.size < given.length) {
    const seen = new Set<string>();
    for (const { key } of given) {
      if (seen.has(key)) errors[`fields.${key}`] = { key: "OrderField.duplicate_field" };
      seen.add(key);
    }
  }
  for (const key of values.keys()) {
    if (!pair.fields.some((definition) => definition.key === key)) {
      errors[`fields.${key}`] = { key: "OrderField.unknown_field" };
    }
  }
  const accepted: { key: string; value: string }[] = [];
  for (const definition of pair.fields) {
    const value = values.get(definition.key)?.trim() ?? "";
    if (!value && !definition.required) continue;
    const result = validateOrderField({
      type: definition.type,
      network: definition.network,
      format: definition.format,
      value,
    });
    if (result.ok) accepted.push({ key: definition.key, value: result.normalized });
    else {
      errors[`fields.${definition.key}`] = {
        key: `OrderField.${result.reason}`,
        values: { label: definition.label },
      };
    }
  }
  return accepted;
}

/** The form echoes codes and decimals; a mismatch means the page is showing another pair. */
function checkEchoedPair(
  payload: CreatePayload,
  pair: CurrencyPairEntry,
  errors: Record<string, FieldProblem>,
) {
  const { send_currency: send, receive_currency: receive } = pair.currency_pair;
  const expected: [keyof CreatePayload, string | number][] = [
    ["send_key_code", send.url_xml],
    ["receive_key_code", receive.url_xml],
    ["send_decimal", send.currency_in_services.decimal],
    ["receive_decimal", receive.currency_in_services.decimal],
  ];
  for (const [key, value] of expected) {
    if (payload[key] !== undefined && payload[key] !== value)
      errors[key] = { key: "Validation.mismatch" };
  }
  for (const [key, currency] of [
    ["send_currency", send],
    ["receive_currency", receive],
  ] as const) {
    const given = payload[key];
    if (given !== undefined && !namesCurrency(given, currency)) {
      errors[key] = { key: "Validation.mismatch" };
    }
  }
}

/** Spec §3 leaves the type open: a partner may echo the currency's id or its code. */
function namesCurrency(
  given: number | string,
  currency: CurrencyPairEntry["currency_pair"]["send_currency"],
): boolean {
  if (typeof given === "number") return given === currency.id;
  const typed = given.trim().toUpperCase();
  return [String(currency.id), currency.currency_code.name, currency.url_xml].some(
    (name) => name.toUpperCase() === typed,
  );
}

function quoteAmounts(
  payload: CreatePayload,
  pair: CurrencyPairEntry,
  errors: Record<string, FieldProblem>,
): { sendAmount: string; receiveAmount: string } | null {
  const { send_currency: send, receive_currency: receive } = pair.currency_pair;
  const sendDecimals = send.currency_in_services.decimal;
  const receiveDecimals = receive.currency_in_services.decimal;
  const typed = payload.fixed_side === "receive" ? payload.receive_amount : payload.send_amount;
  const typedField = payload.fixed_side === "receive" ? "receive_amount" : "send_amount";
  if (typed === undefined || Number(typed) === 0) {
    errors[typedField] = { key: "Validation.required", field: typedField };
    return null;
  }
  // Too many decimals in what the customer typed is their error, not something to round away.
  const typedDecimals = payload.fixed_side === "receive" ? receiveDecimals : sendDecimals;
  const parsed = parseDecimal(typed);
  if (!parsed || countDecimals(parsed) > typedDecimals) {
    errors[typedField] = parsed
      ? { key: "Amount.too_many_decimals", values: { count: typedDecimals } }
      : { key: "Amount.not_a_number" };
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
    const problem = amountProblem(violation, code);
    if (violation.code === "above_reserve") {
      throw new AppError(ErrorCode.INSUFFICIENT_RESERVE, {
        fields: { [violation.field]: problem },
        details: { max_send_sum: limits.maxSend, max_receive_sum: limits.maxReceive },
      });
    }
    errors[violation.field] = problem;
    return null;
  }
  return { sendAmount, receiveAmount };
}

/** A limit reads with its currency code ("The minimum is 50.000000 USDT"). */
function amountProblem(violation: AmountViolation, currencyCode: string): FieldProblem {
  if (violation.code === "too_many_decimals") {
    return { key: "Amount.too_many_decimals", values: { count: Number(violation.limit) } };
  }
  return {
    key: `Amount.${violation.code}`,
    values: { amount: `${violation.limit ?? ""} ${currencyCode}` },
  };
}
