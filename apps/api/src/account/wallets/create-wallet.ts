import { AppError, ErrorCode, type Locale, type Wallet } from "@obmen/contracts";
import { type Database, userWallets } from "@obmen/db";
import { validateOrderField } from "@obmen/domain";
import { count, eq } from "drizzle-orm";
import { lockUserRecords, MAX_WALLETS_PER_USER } from "../user-records.ts";
import { payoutFieldOf } from "./payout-field.ts";
import { walletView } from "./wallet-view.ts";

/**
 * `/rest/user/wallet/create`: a payout detail checked and normalised by the order field it
 * fills (validateOrderField, as the create-order path does), so a saved wallet always passes
 * when the calculator prefills it. Refusals: the value under `value` in the order form's own
 * words; the cap and a detail saved already as 409 CONFLICT.
 */
export async function createWallet(options: {
  db: Database;
  lang: Locale;
  userId: string;
  currencyId: number;
  value: string;
  label?: string;
}): Promise<Wallet> {
  const { db, userId } = options;
  const field = await payoutFieldOf({ db, currencyId: options.currencyId, lang: options.lang });
  const checked = validateOrderField({
    type: field.type,
    network: field.network,
    format: field.format,
    value: options.value,
  });
  if (!checked.ok) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { value: { key: `OrderField.${checked.reason}`, values: { label: field.label } } },
    });
  }
  // A label is shown in lists and menus: line breaks and other control characters go.
  const label = (options.label ?? "").replace(/\p{Cc}+/gu, " ").trim();

  return db.transaction(async (tx) => {
    await lockUserRecords({ tx, userId });
    const [held] = await tx
      .select({ n: count() })
      .from(userWallets)
      .where(eq(userWallets.userId, userId));
    if ((held?.n ?? 0) >= MAX_WALLETS_PER_USER) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: {
          value: {
            key: "AccountErrors.TooManyWallets",
            values: { count: MAX_WALLETS_PER_USER },
          },
        },
      });
    }
    const [row] = await tx
      .insert(userWallets)
      .values({
        userId,
        currencyId: options.currencyId,
        fieldKey: field.key,
        value: checked.normalized,
        label,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: { value: { key: "AccountErrors.WalletExists" } },
      });
    }
    return walletView(row);
  });
}
