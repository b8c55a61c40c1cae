import { currencies, currencyPairs, paySystems, type Transaction } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import type { SendCurrency } from "./payment-instructions.ts";

/** A pair's rate as it is in the database now, and where the customer pays its send side. */
export interface CurrentPair {
  sendRate: string;
  receiveRate: string;
  comissionAmount: string;
  sendRateReal: string;
  receiveRateReal: string;
  /** The send currency as the payment instructions need it. */
  payTo: SendCurrency;
}

/**
 * One read, no lock: the cached pair list may be a moment old, so a create compares its quote
 * with this. Null when the pair or its send currency is no longer active.
 */
export async function loadCurrentPair(
  tx: Transaction,
  pairId: number,
): Promise<CurrentPair | null> {
  const [row] = await tx
    .select({
      sendRate: currencyPairs.sendRate,
      receiveRate: currencyPairs.receiveRate,
      comissionAmount: currencyPairs.comissionAmount,
      sendRateReal: currencyPairs.sendRateReal,
      receiveRateReal: currencyPairs.receiveRateReal,
      currencyCode: currencies.currencyCode,
      kind: currencies.kind,
      networkCode: paySystems.networkCode,
      paySystemName: paySystems.name,
      paymentTarget: currencies.paymentTarget,
      paymentHolder: currencies.paymentHolder,
    })
    .from(currencyPairs)
    .innerJoin(currencies, eq(currencies.id, currencyPairs.sendCurrencyId))
    .innerJoin(paySystems, eq(paySystems.id, currencies.paySystemId))
    .where(
      and(
        eq(currencyPairs.id, pairId),
        eq(currencyPairs.active, true),
        eq(currencies.active, true),
      ),
    );
  if (!row) return null;
  const { currencyCode, kind, networkCode, paySystemName, paymentTarget, paymentHolder, ...rate } =
    row;
  return {
    ...rate,
    payTo: { currencyCode, kind, networkCode, paySystemName, paymentTarget, paymentHolder },
  };
}
