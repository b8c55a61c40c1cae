import { currencies, currencyPairs, type Database, orders, paymentWatches } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { newOrderRow } from "../support/orders.ts";

/** BIP 84's test vector key (derive-address.test.ts): its addresses are published. */
export const BIP84_ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
export const BIP84_FIRST_ADDRESSES = [
  "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
  "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
];
/** Tether's own TRON address (the USDT contract's deployer); a valid `T…` address. */
export const OPERATOR_TRON_ADDRESS = "TKHuVq1oKVruCGLvqVexFs6dawKv6fQgFs";

export async function currencyId(db: Database, urlXml: string): Promise<number> {
  const [row] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.urlXml, urlXml));
  if (!row) throw new Error(`no currency ${urlXml}`);
  return row.id;
}

/** Binds a currency to a watcher as the console's PATCH would. */
export async function bindWatch(
  db: Database,
  urlXml: string,
  watch: {
    kind: "esplora" | "tron" | "btcpay";
    xpub?: string;
    address?: string;
    confirmations: number;
  },
): Promise<number> {
  const id = await currencyId(db, urlXml);
  await db.insert(paymentWatches).values({
    currencyId: id,
    kind: watch.kind,
    xpub: watch.xpub ?? null,
    address: watch.address ?? null,
    confirmations: watch.confirmations,
  });
  return id;
}

/** New orders paying `sendUrlXml`, written directly (the create's own path is tested elsewhere). */
export async function insertOrders(
  db: Database,
  options: {
    sendUrlXml: string;
    receiveUrlXml: string;
    sendAmount: string;
    count: number;
    expiresInMs?: number;
  },
): Promise<string[]> {
  const sendId = await currencyId(db, options.sendUrlXml);
  const receiveId = await currencyId(db, options.receiveUrlXml);
  const [pair] = await db
    .select()
    .from(currencyPairs)
    .where(
      and(eq(currencyPairs.sendCurrencyId, sendId), eq(currencyPairs.receiveCurrencyId, receiveId)),
    );
  if (!pair) throw new Error(`no pair ${options.sendUrlXml}→${options.receiveUrlXml}`);
  const rows = Array.from({ length: options.count }, () => {
    const row = newOrderRow(pair, { sendAmount: options.sendAmount, receiveAmount: "1000" });
    if (options.expiresInMs !== undefined) {
      row.expiresAt = new Date(row.createdAt.getTime() + options.expiresInMs);
    }
    return row;
  });
  await db.insert(orders).values(rows);
  return rows.map((row) => row.id);
}
