import type { FieldProblem } from "@obmen/contracts";
import { compareDecimals, countDecimals, parseDecimal } from "@obmen/domain";

/**
 * The largest amount a template keeps: `numeric(38, 18)` holds 20 integer digits, and no
 * exchange limit comes near it; beyond it the database would refuse the row.
 */
const LARGEST_AMOUNT = "99999999999999999999";

/**
 * A template's amount (the default amount to send, spec §5): a positive decimal with no more
 * places than the send currency has. Limits are not checked: they change with the operator's
 * settings, and the calculator checks them when the template is used. Null when acceptable.
 */
export function templateAmountProblem(options: {
  amount: string;
  decimals: number;
  currencyCode: string;
}): FieldProblem | null {
  const amount = parseDecimal(options.amount);
  if (!amount) return { key: "Amount.not_a_number" };
  if (amount.lte(0)) return { key: "AccountErrors.AmountNotPositive" };
  if (countDecimals(amount) > options.decimals) {
    return { key: "Amount.too_many_decimals", values: { count: options.decimals } };
  }
  if (compareDecimals(amount, LARGEST_AMOUNT) > 0) {
    return {
      key: "Amount.above_max",
      values: { amount: `${LARGEST_AMOUNT} ${options.currencyCode}` },
    };
  }
  return null;
}
