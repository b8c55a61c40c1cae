import {
  type AmountField,
  type AmountViolationCode,
  checkAmounts,
  countDecimals,
  formatAmountInput,
  parseDecimal,
  quoteReceive,
  quoteSend,
} from "@obmen/domain";
import type { Locale } from "../i18n/locale.ts";
import { parseAmountText } from "./amount-text.ts";
import type { CalculatorPair } from "./to-calculator-pair.ts";

/** Which amount the visitor typed last; the other one is computed from it (spec §5). */
export type FixedSide = "send" | "receive";

export interface TypedAmount {
  fixedSide: FixedSide;
  /** Exactly what the visitor typed, in their locale's notation. */
  text: string;
}

export interface AmountProblem {
  code: AmountViolationCode | "required";
  /** The crossed bound as a plain decimal (or the allowed decimals); null when none applies. */
  limit: string | null;
}

export interface ComputedAmounts {
  sendText: string;
  receiveText: string;
  problems: Partial<Record<AmountField, AmountProblem>>;
}

export const fieldOf = (side: FixedSide): AmountField =>
  side === "send" ? "send_amount" : "receive_amount";

/**
 * The calculator's two amounts from the one the visitor typed, with the exact domain
 * functions the API uses (`quoteReceive` / `quoteSend`), and what is wrong with them
 * (`checkAmounts` against the pair's limits, the reserve cap included).
 */
export function computeAmounts(
  pair: CalculatorPair,
  typed: TypedAmount,
  locale: Locale,
): ComputedAmounts {
  const typedField = fieldOf(typed.fixedSide);
  const typedDecimals = typed.fixedSide === "send" ? pair.send.decimals : pair.receive.decimals;
  const echo = (otherText: string, problem?: AmountProblem): ComputedAmounts => ({
    sendText: typed.fixedSide === "send" ? typed.text : otherText,
    receiveText: typed.fixedSide === "receive" ? typed.text : otherText,
    problems: problem ? { [typedField]: problem } : {},
  });

  if (typed.text.trim() === "") return echo("", { code: "required", limit: null });
  const plain = parseAmountText(typed.text, locale);
  const parsed = plain === null ? null : parseDecimal(plain);
  if (plain === null || parsed === null) return echo("", { code: "not_a_number", limit: null });
  if (countDecimals(parsed) > typedDecimals) {
    return echo("", { code: "too_many_decimals", limit: String(typedDecimals) });
  }

  const decimals = { sendDecimals: pair.send.decimals, receiveDecimals: pair.receive.decimals };
  const quote =
    typed.fixedSide === "send"
      ? quoteReceive({ rate: pair.rate, sendAmount: plain, ...decimals })
      : quoteSend({ rate: pair.rate, receiveAmount: plain, ...decimals });
  const otherText =
    typed.fixedSide === "send"
      ? formatAmountInput({ amount: quote.receiveAmount, decimals: pair.receive.decimals, locale })
      : formatAmountInput({ amount: quote.sendAmount, decimals: pair.send.decimals, locale });
  const problems: ComputedAmounts["problems"] = {};
  for (const violation of checkAmounts({
    sendAmount: quote.sendAmount,
    receiveAmount: quote.receiveAmount,
    limits: pair.limits,
    ...decimals,
  })) {
    problems[violation.field] = { code: violation.code, limit: violation.limit };
  }
  return { ...echo(otherText), problems };
}
