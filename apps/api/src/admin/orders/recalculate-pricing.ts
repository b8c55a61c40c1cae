import { AppError, ErrorCode, type FieldProblem } from "@obmen/contracts";
import {
  currencies,
  currencyHeld,
  currencyPairs,
  type Database,
  type orders,
  type Transaction,
} from "@obmen/db";
import { countDecimals, recalculateAmounts, toDecimal } from "@obmen/domain";
import { eq, inArray } from "drizzle-orm";

type OrderRow = typeof orders.$inferSelect;

/** The order priced again: what it would say after the recalculation. */
export interface RecalculatedPrice {
  sendAmount: string;
  receiveAmount: string;
  sendRate: string;
  receiveRate: string;
  comissionAmount: string;
  sendRateReal: string;
  receiveRateReal: string;
}

/**
 * Prices `receivedAmount` (default: the order's own send amount, a late payment of the right
 * sum) at the pair's rate as it is now, with the create's quote (decision 035). What an
 * operator could get wrong is a 422 under `received_amount`, never a 500: more places than
 * the send currency has, nothing at all, or an amount the fixed fee would eat.
 */
export async function priceRecalculation(options: {
  tx: Transaction | Database;
  order: OrderRow;
  receivedAmount?: string;
}): Promise<RecalculatedPrice> {
  const { tx, order } = options;
  const [pair] = await tx.select().from(currencyPairs).where(eq(currencyPairs.id, order.pairId));
  const places = await tx
    .select({ id: currencies.id, decimals: currencies.decimals })
    .from(currencies)
    .where(inArray(currencies.id, [order.sendCurrencyId, order.receiveCurrencyId]));
  const decimalsOf = (id: number) => places.find((row) => row.id === id)?.decimals;
  const sendDecimals = decimalsOf(order.sendCurrencyId);
  const receiveDecimals = decimalsOf(order.receiveCurrencyId);
  if (!pair || sendDecimals === undefined || receiveDecimals === undefined) {
    throw new AppError(ErrorCode.NOT_FOUND);
  }
  const received = options.receivedAmount ?? order.sendAmount;
  const problem = (key: FieldProblem["key"], values?: FieldProblem["values"]) =>
    new AppError(ErrorCode.VALIDATION_FAILED, {
      fields: { received_amount: { key, ...(values ? { values } : {}) } },
    });
  const value = toDecimal(received);
  if (countDecimals(value) > sendDecimals) {
    throw problem("Amount.too_many_decimals", { count: sendDecimals });
  }
  if (value.lte(0)) throw problem("AdminErrors.MustBePositive");
  const quote = recalculateAmounts({
    rate: {
      send_rate: pair.sendRate,
      receive_rate: pair.receiveRate,
      comission_amount: pair.comissionAmount,
    },
    receivedAmount: received,
    sendDecimals,
    receiveDecimals,
  });
  if (quote.consumedByFee || toDecimal(quote.receiveAmount).lte(0)) {
    throw problem("AdminErrors.RecalculationNothingLeft");
  }
  return {
    sendAmount: toDecimal(quote.sendAmount).toFixed(),
    receiveAmount: toDecimal(quote.receiveAmount).toFixed(),
    sendRate: pair.sendRate,
    receiveRate: pair.receiveRate,
    comissionAmount: pair.comissionAmount,
    sendRateReal: pair.sendRateReal,
    receiveRateReal: pair.receiveRateReal,
  };
}

/**
 * What the receive currency can still promise to this order: its reserve less everything
 * held, plus this order's own hold (which the new amount replaces). With `lock`, the currency
 * row is locked first as `create_order` locks it, so a create and a recalculation of the same
 * currency wait for each other and the reserve is never promised twice (DESIGN.md invariant 1);
 * the held total is read after the lock, in its own statement (decision 012).
 */
export async function availableForOrder(options: {
  tx: Transaction | Database;
  order: OrderRow;
  ownHold: string;
  lock: boolean;
}): Promise<string> {
  const { tx, order } = options;
  const query = tx
    .select({ reserve: currencies.reserve })
    .from(currencies)
    .where(eq(currencies.id, order.receiveCurrencyId));
  const [currency] = options.lock ? await query.for("no key update") : await query;
  const [held] = await tx
    .select({ held: currencyHeld.held })
    .from(currencyHeld)
    .where(eq(currencyHeld.currencyId, order.receiveCurrencyId));
  return toDecimal(currency?.reserve ?? "0")
    .minus(held?.held ?? "0")
    .plus(options.ownHold)
    .toFixed();
}
