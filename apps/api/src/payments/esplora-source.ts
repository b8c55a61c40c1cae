import { toDecimal } from "@obmen/domain";
import { z } from "zod";
import {
  fetchJson,
  fetchText,
  type ObservedTransfer,
  type PaymentSource,
  type SourceLog,
} from "./payment-source.ts";

/** Satoshis in a coin (Esplora counts every amount in satoshis; Litecoin's litoshis alike). */
const SATOSHIS = "100000000";

/** The fields of Esplora's transaction format this watcher reads (Blockstream/esplora API.md). */
const EsploraTx = z.object({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  vout: z.array(
    z.object({
      scriptpubkey_address: z.string().optional(),
      value: z.number().int().nonnegative(),
    }),
  ),
  status: z.object({
    confirmed: z.boolean(),
    block_height: z.number().int().nonnegative().optional(),
  }),
});
const EsploraTxs = z.array(z.unknown());

/**
 * Esplora (Blockstream's and mempool.space's API): each target's own address read with
 * `GET /address/{address}/txs` (newest first, the 50 mempool and the first 25 confirmed
 * transactions: enough for one order's address), confirmations from
 * `GET /blocks/tip/height`. A transaction counts the outputs paying the target's address; one
 * that pays it nothing, or is not in Esplora's format, is skipped and logged.
 */
export function createEsploraSource(options: { baseUrl: string; log: SourceLog }): PaymentSource {
  const base = options.baseUrl.replace(/\/+$/, "");
  const { log } = options;
  return {
    kind: "esplora",
    async observe(targets) {
      const result = new Map<string, ObservedTransfer[]>();
      if (targets.length === 0) return result;
      const tipText = await fetchText({ url: `${base}/blocks/tip/height`, log });
      const tip = tipText === undefined ? Number.NaN : Number(tipText.trim());
      if (!Number.isSafeInteger(tip) || tip < 0) {
        log.warn({ body: tipText?.slice(0, 100) }, "esplora: tip height is not a block height");
        return result;
      }
      for (const target of targets) {
        if (!target.address) continue;
        const body = await fetchJson({ url: `${base}/address/${target.address}/txs`, log });
        const list = EsploraTxs.safeParse(body);
        if (!list.success) {
          log.warn({ address: target.address }, "esplora: address history is not a list");
          continue;
        }
        result.set(target.orderId, transfersTo(target.address, list.data, tip, log));
      }
      return result;
    },
  };
}

/** What each transaction of an address's history paid to that address. */
export function transfersTo(
  address: string,
  txs: unknown[],
  tip: number,
  log: SourceLog,
): ObservedTransfer[] {
  const transfers: ObservedTransfer[] = [];
  for (const raw of txs) {
    const tx = EsploraTx.safeParse(raw);
    if (!tx.success) {
      log.warn({ address, issue: tx.error.issues[0]?.message }, "esplora: not a transaction");
      continue;
    }
    const satoshis = tx.data.vout
      .filter((output) => output.scriptpubkey_address === address)
      .reduce((sum, output) => sum + BigInt(output.value), 0n);
    if (satoshis <= 0n) {
      log.warn({ address, txid: tx.data.txid }, "esplora: transaction pays the address nothing");
      continue;
    }
    const { status } = tx.data;
    const confirmations =
      status.confirmed && status.block_height !== undefined
        ? Math.max(tip - status.block_height + 1, 1)
        : 0;
    transfers.push({
      txId: tx.data.txid,
      amount: toDecimal(satoshis.toString()).div(SATOSHIS).toFixed(),
      confirmations,
    });
  }
  return transfers;
}
