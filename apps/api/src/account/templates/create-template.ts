import { AppError, ErrorCode, type Locale, type Template } from "@obmen/contracts";
import { type Database, userTemplates } from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, count, eq, not, sql } from "drizzle-orm";
import type { PairCache } from "../../catalogue/pair-cache.ts";
import { lockUserRecords, MAX_TEMPLATES_PER_USER } from "../user-records.ts";
import { templateAmountProblem } from "./check-template-amount.ts";
import { templateView } from "./template-view.ts";

/**
 * `/rest/user/template/create`: a direction the exchange offers now (a pair in service, as the
 * pair list shows it) and the amount to send. One template per direction, since the calculator
 * takes the direction's default amount from it: saving a direction again replaces its amount
 * and keeps its id.
 */
export async function createTemplate(options: {
  db: Database;
  pairCache: PairCache;
  lang: Locale;
  userId: string;
  fromCurrencyId: number;
  toCurrencyId: number;
  amount: string;
}): Promise<Template> {
  const { db, userId, fromCurrencyId, toCurrencyId } = options;
  const { entries } = await options.pairCache.get(options.lang);
  const pair = entries.find(
    ({ currency_pair: { send_currency, receive_currency } }) =>
      send_currency.id === fromCurrencyId && receive_currency.id === toCurrencyId,
  );
  if (!pair) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { to_currency_id: { key: "AccountErrors.PairNotInService" } },
    });
  }
  const send = pair.currency_pair.send_currency;
  const problem = templateAmountProblem({
    amount: options.amount,
    decimals: send.currency_in_services.decimal,
    currencyCode: send.currency_code.name,
  });
  if (problem) throw new AppError(ErrorCode.VALIDATION_FAILED, { fields: { amount: problem } });
  // Stored as written without trailing zeros, as every amount leaves the database.
  const amount = toDecimal(options.amount).toFixed();

  return db.transaction(async (tx) => {
    await lockUserRecords({ tx, userId });
    const sameDirection = and(
      eq(userTemplates.fromCurrencyId, fromCurrencyId),
      eq(userTemplates.toCurrencyId, toCurrencyId),
    );
    // Replacing a direction's amount adds nothing, so only other directions count.
    const [others] = await tx
      .select({ n: count() })
      .from(userTemplates)
      .where(and(eq(userTemplates.userId, userId), not(sameDirection!)));
    if ((others?.n ?? 0) >= MAX_TEMPLATES_PER_USER) {
      throw new AppError(ErrorCode.CONFLICT, {
        fields: {
          amount: {
            key: "AccountErrors.TooManyTemplates",
            values: { count: MAX_TEMPLATES_PER_USER },
          },
        },
      });
    }
    const [row] = await tx
      .insert(userTemplates)
      .values({ userId, fromCurrencyId, toCurrencyId, amount })
      .onConflictDoUpdate({
        target: [userTemplates.userId, userTemplates.fromCurrencyId, userTemplates.toCurrencyId],
        set: { amount, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error("user_templates upsert returned no row");
    return templateView(row);
  });
}
