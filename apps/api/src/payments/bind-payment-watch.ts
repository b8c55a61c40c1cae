import { AppError, ErrorCode, type PaymentWatch, type PaymentWatchView } from "@obmen/contracts";
import { paymentWatches, type Transaction } from "@obmen/db";
import { eq } from "drizzle-orm";
import { firstAddresses, InvalidExtendedKeyError, parseExtendedKey } from "./derive-address.ts";
import { isTronAddress } from "./tron-address.ts";

/** How many derived addresses the console shows next to a key, to check against the wallet. */
const SHOWN_ADDRESSES = 3;

/**
 * Binds a currency to a watcher, or back to manual confirmation (`null`), inside the currency
 * update's transaction (`PATCH /admin/api/currencies/{id}` `payment_watch`). A key that is not
 * an extended public key, or an address that is not TRON's, is a 422 under its field; BTCPay
 * needs the server's BTCPay settings. Returns what was bound before, for the audit row.
 */
export async function bindPaymentWatch(options: {
  tx: Transaction;
  currencyId: number;
  currencyCode: string;
  watch: PaymentWatch | null;
  btcpayConfigured: boolean;
}): Promise<{ before: PaymentWatch | null }> {
  const { tx, currencyId, watch } = options;
  const [current] = await tx
    .select()
    .from(paymentWatches)
    .where(eq(paymentWatches.currencyId, currencyId));
  const before = current ? toPaymentWatch(current) : null;
  if (watch === null) {
    await tx.delete(paymentWatches).where(eq(paymentWatches.currencyId, currencyId));
    return { before };
  }
  checkPaymentWatch({
    watch,
    currencyCode: options.currencyCode,
    btcpayConfigured: options.btcpayConfigured,
  });
  const row = {
    currencyId,
    kind: watch.kind,
    xpub: watch.kind === "esplora" ? watch.xpub : null,
    address: watch.kind === "tron" ? watch.address : null,
    confirmations: watch.kind === "btcpay" ? 0 : watch.confirmations,
    updatedAt: new Date(),
  };
  await tx
    .insert(paymentWatches)
    .values(row)
    .onConflictDoUpdate({ target: paymentWatches.currencyId, set: row });
  return { before };
}

function checkPaymentWatch(options: {
  watch: PaymentWatch;
  currencyCode: string;
  btcpayConfigured: boolean;
}) {
  const { watch } = options;
  if (watch.kind === "esplora") {
    try {
      parseExtendedKey({ xpub: watch.xpub, currencyCode: options.currencyCode });
    } catch (error) {
      if (!(error instanceof InvalidExtendedKeyError)) throw error;
      throw invalid("payment_watch.xpub", "PaymentWatch.InvalidXpub");
    }
  }
  if (watch.kind === "tron" && !isTronAddress(watch.address)) {
    throw invalid("payment_watch.address", "PaymentWatch.InvalidTronAddress");
  }
  if (watch.kind === "btcpay" && !options.btcpayConfigured) {
    throw invalid("payment_watch.kind", "PaymentWatch.BtcpayNotConfigured");
  }
}

function invalid(
  field: string,
  key:
    | "PaymentWatch.InvalidXpub"
    | "PaymentWatch.InvalidTronAddress"
    | "PaymentWatch.BtcpayNotConfigured",
) {
  return new AppError(ErrorCode.VALIDATION_FAILED, { fields: { [field]: { key } } });
}

type WatchRow = typeof paymentWatches.$inferSelect;

function toPaymentWatch(row: WatchRow): PaymentWatch {
  if (row.kind === "esplora") {
    return { kind: "esplora", xpub: row.xpub!, confirmations: row.confirmations };
  }
  if (row.kind === "tron") {
    return { kind: "tron", address: row.address!, confirmations: row.confirmations };
  }
  return { kind: "btcpay" };
}

/** The binding as the console lists it, with the key's first receive addresses. */
export function paymentWatchView(row: WatchRow, currencyCode: string): PaymentWatchView {
  return {
    kind: row.kind,
    xpub: row.xpub,
    address: row.address,
    confirmations: row.confirmations,
    first_addresses: row.xpub
      ? firstAddresses({ xpub: row.xpub, currencyCode, count: SHOWN_ADDRESSES })
      : [],
  };
}
