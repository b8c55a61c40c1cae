import {
  AppError,
  ErrorCode,
  type FieldProblem,
  type Locale,
  type Withdrawal,
} from "@obmen/contracts";
import { normaliseDecimal } from "@obmen/db";
import { countDecimals, formatPlain, toDecimal } from "@obmen/domain";
import { checkOrderFields } from "../../orders/create/check-create-request.ts";
import type { AffiliateSettings } from "../affiliate-settings.ts";
import type { NewWithdrawalQueue } from "./new-withdrawal-queue.ts";
import { programmeAmount } from "./programme-amount.ts";
import type { WithdrawalCurrencyCache } from "./withdrawal-currency-cache.ts";
import { type WithdrawalRow, withdrawalView } from "./withdrawal-view.ts";

/** The programme's amounts never carry more places than this (USDT's 6 at most in practice). */
const MAX_WITHDRAWAL_DECIMALS = 8;

/**
 * `/rest/ref_withdrawal/create`: the payout details checked by the order form's own rules
 * (checkOrderFields over the currency's receive fields: errors under `fields.<key>`), the
 * minimum enforced, then one call of the database function `create_withdrawal`: the partner's
 * row locked (`FOR UPDATE`: two processes check one partner's balance one at a time), the
 * available balance summed from the ledger, and the request with its hold (available →
 * on_hold) written, in one transaction. More than is available is 409 CONFLICT under
 * `amount`, and nothing is written.
 *
 * The currency and its fields come from the catalogue cache, and the call shares its round
 * trip and commit with the requests arriving at the same moment (new-withdrawal-queue.ts,
 * docs/decisions/041-withdrawal-create-batched.md).
 */
export async function createWithdrawal(options: {
  currencies: WithdrawalCurrencyCache;
  newWithdrawals: NewWithdrawalQueue;
  settings: AffiliateSettings;
  userId: string;
  lang: Locale;
  currencyId: number;
  amount: string;
  fields: { key: string; value: string }[];
}): Promise<Withdrawal> {
  const { settings, userId } = options;
  const currency = (await options.currencies.get(options.lang)).byId.get(options.currencyId);
  if (!currency) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { currency_id: { key: "AffiliateErrors.UnknownWithdrawalCurrency" } },
    });
  }
  const errors: Record<string, FieldProblem> = {};
  const fields = checkOrderFields(currency, options.fields, errors);
  const amount = toDecimal(options.amount);
  if (amount.lt(toDecimal(settings.minWithdrawal))) {
    errors.amount = {
      key: "AffiliateErrors.BelowMinimum",
      values: { min: programmeAmount(settings.minWithdrawal, settings.currency, options.lang) },
    };
  } else if (countDecimals(amount) > MAX_WITHDRAWAL_DECIMALS) {
    errors.amount = {
      key: "AffiliateErrors.TooManyDecimals",
      values: { places: MAX_WITHDRAWAL_DECIMALS },
    };
  }
  if (Object.keys(errors).length > 0) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, { fields: errors });
  }
  const value = formatPlain(amount);

  // create_withdrawal.sql locks the partner, sums the ledger and writes the request with its
  // hold, or answers how much is available: this request's outcome, whatever its batch held.
  const outcome = await options.newWithdrawals.insert({
    partnerId: userId,
    currencyId: currency.id,
    currency: settings.currency,
    amount: value,
    fields,
  });
  if (outcome.outcome === "insufficient") {
    const available = normaliseDecimal(outcome.available);
    throw new AppError(ErrorCode.CONFLICT, {
      fields: {
        amount: {
          key: "AffiliateErrors.InsufficientBalance",
          values: { available: programmeAmount(available, settings.currency, options.lang) },
        },
      },
      details: { available },
    });
  }
  const row: WithdrawalRow = {
    id: outcome.id,
    partnerId: userId,
    currencyId: currency.id,
    currency: settings.currency,
    amount: normaliseDecimal(outcome.amount),
    fields,
    status: "requested",
    reference: null,
    reason: null,
    operatorId: null,
    createdAt: new Date(outcome.created_at),
    decidedAt: null,
  };
  return withdrawalView(row, { id: currency.id, name: currency.name, code: currency.code });
}
