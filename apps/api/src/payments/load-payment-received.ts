import type { PaymentReceived } from "@obmen/contracts";
import { type Database, paymentTransfers, type Transaction } from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { asc, eq } from "drizzle-orm";
import type { PaymentTarget } from "./assign-payment-target.ts";

/** Block explorers of the chains the watchers read, by send currency code (a tx id appended). */
const EXPLORERS: Record<string, string> = {
  BTC: "https://mempool.space/tx/",
  LTC: "https://litecoinspace.org/tx/",
  USDT: "https://tronscan.org/#/transaction/",
};

/**
 * `payment.received` (issue 28): everything seen paid to the order's target, the newest
 * transaction and the confirmations of the least confirmed one, so "1 of 2 confirmations"
 * never overstates. Null until the watcher has seen a transfer.
 */
export async function loadPaymentReceived(options: {
  db: Database | Transaction;
  target: PaymentTarget;
  currencyCode: string;
}): Promise<PaymentReceived | null> {
  const { target } = options;
  const transfers = await options.db
    .select()
    .from(paymentTransfers)
    .where(eq(paymentTransfers.orderId, target.orderId))
    .orderBy(asc(paymentTransfers.seenAt), asc(paymentTransfers.id));
  const newest = transfers.at(-1);
  if (!newest) return null;
  const explorer = target.kind === "btcpay" ? undefined : EXPLORERS[options.currencyCode];
  // BTCPay's payment ids are `txid-vout`: the explorer wants the transaction.
  const txId = newest.txId;
  return {
    tx_id: txId,
    amount: transfers
      .reduce((sum, transfer) => sum.plus(transfer.amount), toDecimal("0"))
      .toFixed(),
    confirmations: Math.min(...transfers.map((transfer) => transfer.confirmations)),
    required_confirmations: target.requiredConfirmations,
    seen_at: transfers[0]!.seenAt.toISOString(),
    explorer_url: explorer ? `${explorer}${encodeURIComponent(txId)}` : null,
  };
}
