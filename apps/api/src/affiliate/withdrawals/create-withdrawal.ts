import {
  AppError,
  ErrorCode,
  type FieldProblem,
  type Locale,
  type Withdrawal,
} from "@obmen/contracts";
import { affiliatePartners, affiliateWithdrawals, type Database } from "@obmen/db";
import { countDecimals, formatPlain, toDecimal } from "@obmen/domain";
import { eq } from "drizzle-orm";
import { checkOrderFields } from "../../orders/create/check-create-request.ts";
import type { AffiliateSettings } from "../affiliate-settings.ts";
import { availableBalance } from "../ledger/partner-balance.ts";
import { postEntry, transfer } from "../ledger/post-entry.ts";
import { listWithdrawalCurrencies } from "./withdrawal-currencies.ts";
import { withdrawalView } from "./withdrawal-view.ts";

/** The programme's amounts never carry more places than this (USDT's 6 at most in practice). */
const MAX_WITHDRAWAL_DECIMALS = 8;

/**
 * `/rest/ref_withdrawal/create`: the payout details checked by the order form's own rules
 * (checkOrderFields over the currency's receive fields: errors under `fields.<key>`), the
 * minimum enforced, then in one transaction the partner's row locked (`FOR UPDATE`: two
 * processes check one partner's balance one at a time), the available balance summed from the
 * ledger, and the request with its hold (available → on_hold) written. More than is available
 * is 409 CONFLICT under `amount`, and nothing is written.
 */
export async function createWithdrawal(options: {
  db: Database;
  settings: AffiliateSettings;
  userId: string;
  lang: Locale;
  currencyId: number;
  amount: string;
  fields: { key: string; value: string }[];
}): Promise<Withdrawal> {
  const { db, settings, userId } = options;
  const [currency] = await listWithdrawalCurrencies({
    db,
    settings,
    lang: options.lang,
    currencyId: options.currencyId,
  });
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
      values: { min: settings.minWithdrawal, currency: settings.currency },
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

  const row = await db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ id: affiliatePartners.userId })
      .from(affiliatePartners)
      .where(eq(affiliatePartners.userId, userId))
      .for("update");
    const available = partner ? await availableBalance({ tx, partnerId: userId }) : "0";
    if (!partner || toDecimal(available).lt(amount)) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: {
          amount: {
            key: "AffiliateErrors.InsufficientBalance",
            values: { available, currency: settings.currency },
          },
        },
        details: { available },
      });
    }
    const [created] = await tx
      .insert(affiliateWithdrawals)
      .values({
        partnerId: userId,
        currencyId: currency.id,
        currency: settings.currency,
        amount: value,
        fields,
      })
      .returning();
    await postEntry({
      tx,
      kind: "withdrawal_hold",
      partnerId: userId,
      currency: settings.currency,
      withdrawalId: created!.id,
      lines: transfer("available", "on_hold", value),
    });
    return created!;
  });
  return withdrawalView(row, { id: currency.id, name: currency.name, code: currency.code });
}
