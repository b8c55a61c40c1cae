import { countDecimals, DEFAULT_DECIMALS, type Decimal, parseDecimal } from "../money.ts";
import type { ResolvedLimits } from "./resolve-limits.ts";

/** The wire names of the two amounts: errors are reported under them (DESIGN.md "Tiers"). */
export type AmountField = "send_amount" | "receive_amount";

export type AmountViolationCode =
  | "not_a_number"
  | "too_many_decimals"
  | "below_min"
  | "above_max"
  /** Above the maximum because the available reserve is smaller than the configured limits. */
  | "above_reserve";

export interface AmountViolation {
  field: AmountField;
  code: AmountViolationCode;
  /** The bound that was crossed (an amount, or the allowed decimals); null for not_a_number. */
  limit: string | null;
}

/**
 * Checks the amounts of a create request against the pair's resolved limits. The server
 * passes the amounts it recomputed from its own rate (DESIGN.md "Domain rules"); a field
 * that is not a number or too precise is not range-checked further. Empty list: all good.
 */
export function checkAmounts(options: {
  sendAmount: string;
  /** Omit when only the send side is known. */
  receiveAmount?: string;
  limits: ResolvedLimits;
  sendDecimals?: number;
  receiveDecimals?: number;
}): AmountViolation[] {
  const { limits } = options;
  const violations: AmountViolation[] = [];
  checkOne(violations, {
    field: "send_amount",
    text: options.sendAmount,
    decimals: options.sendDecimals ?? DEFAULT_DECIMALS,
    min: limits.minSend,
    max: limits.maxSend,
    limitedByReserve: limits.limitedByReserve,
  });
  if (options.receiveAmount !== undefined) {
    checkOne(violations, {
      field: "receive_amount",
      text: options.receiveAmount,
      decimals: options.receiveDecimals ?? DEFAULT_DECIMALS,
      min: limits.minReceive,
      max: limits.maxReceive,
      limitedByReserve: limits.limitedByReserve,
    });
  }
  return violations;
}

function checkOne(
  violations: AmountViolation[],
  check: {
    field: AmountField;
    text: string;
    decimals: number;
    min: string;
    max: string;
    limitedByReserve: boolean;
  },
): void {
  const { field } = check;
  const amount: Decimal | null = parseDecimal(check.text);
  if (amount === null) {
    violations.push({ field, code: "not_a_number", limit: null });
  } else if (countDecimals(amount) > check.decimals) {
    violations.push({ field, code: "too_many_decimals", limit: String(check.decimals) });
  } else if (amount.lt(check.min)) {
    violations.push({ field, code: "below_min", limit: check.min });
  } else if (amount.gt(check.max)) {
    const code = check.limitedByReserve ? "above_reserve" : "above_max";
    violations.push({ field, code, limit: check.max });
  }
}
