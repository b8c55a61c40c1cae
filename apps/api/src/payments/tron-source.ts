import { toDecimal } from "@obmen/domain";
import { z } from "zod";
import type { PaymentTarget } from "./assign-payment-target.ts";
import {
  fetchJson,
  type ObservedTransfer,
  type PaymentSource,
  type SourceLog,
} from "./payment-source.ts";

/** Tether's USDT contract on TRON: transfers of any other token are not payments. */
export const USDT_TRC20_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** TronGrid's largest page. */
const PAGE_SIZE = 200;

/** One item of `GET /v1/accounts/{address}/transactions/trc20` (TronGrid v1 docs). */
const Trc20Transfer = z.object({
  transaction_id: z.string().regex(/^[0-9a-f]{64}$/),
  token_info: z.object({ address: z.string(), decimals: z.number().int().min(0).max(36) }),
  block_timestamp: z.number().int().nonnegative(),
  from: z.string(),
  to: z.string(),
  type: z.string(),
  value: z.string().regex(/^\d+$/),
});
const Trc20Page = z.object({
  success: z.literal(true),
  data: z.array(z.unknown()),
  /** `fingerprint` asks for the next page (TronGrid v1 pagination); absent on the last one. */
  meta: z.object({ fingerprint: z.string().optional() }).optional(),
});
/** A busy address's history read at most this many pages a pass (2,000 transfers). */
const MAX_PAGES = 10;

/**
 * TronGrid (USDT TRC20): every watched operator address read once, confirmed transfers only
 * (`only_confirmed=true`: TRON's solidified blocks, 19 confirmations), to the address only,
 * of USDT's contract only, since the oldest watched order was created. A transfer belongs to
 * the order whose unique amount it equals (assign-payment-target.ts); one that matches no
 * order, pays another address or another token, or is not in the documented format is skipped
 * and logged. Confirmed transfers count as fully confirmed: TronGrid reports no number.
 */
export function createTronSource(options: {
  baseUrl: string;
  apiKey?: string;
  log: SourceLog;
  /** Transfers per page; tests use a small one to see pagination. */
  pageSize?: number;
}): PaymentSource {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const base = options.baseUrl.replace(/\/+$/, "");
  const { log } = options;
  const headers: Record<string, string> = options.apiKey
    ? { "TRON-PRO-API-KEY": options.apiKey }
    : {};
  return {
    kind: "tron",
    async observe(targets) {
      const result = new Map<string, ObservedTransfer[]>();
      const byAddress = new Map<string, PaymentTarget[]>();
      for (const target of targets) {
        if (!target.address) continue;
        byAddress.set(target.address, [...(byAddress.get(target.address) ?? []), target]);
      }
      for (const [address, watched] of byAddress) {
        const since = Math.min(...watched.map((target) => target.createdAt.getTime()));
        let fingerprint: string | undefined;
        for (let pages = 0; pages < MAX_PAGES; pages++) {
          const query = new URLSearchParams({
            only_confirmed: "true",
            only_to: "true",
            contract_address: USDT_TRC20_CONTRACT,
            limit: String(pageSize),
            min_timestamp: String(since),
            ...(fingerprint ? { fingerprint } : {}),
          });
          const body = await fetchJson({
            url: `${base}/v1/accounts/${address}/transactions/trc20?${query}`,
            headers,
            log,
          });
          const page = Trc20Page.safeParse(body);
          if (!page.success) {
            log.warn({ address }, "trongrid: not a list of TRC20 transfers");
            break;
          }
          for (const transfer of matchTransfers(address, watched, page.data.data, log)) {
            result.set(transfer.orderId, [...(result.get(transfer.orderId) ?? []), transfer]);
          }
          fingerprint = page.data.meta?.fingerprint;
          if (!fingerprint || page.data.data.length === 0) break;
        }
      }
      return result;
    },
  };
}

/** The page's transfers that pay `address` a watched order's unique amount in USDT. */
export function matchTransfers(
  address: string,
  targets: PaymentTarget[],
  items: unknown[],
  log: SourceLog,
): (ObservedTransfer & { orderId: string })[] {
  const matched: (ObservedTransfer & { orderId: string })[] = [];
  for (const raw of items) {
    const item = Trc20Transfer.safeParse(raw);
    if (!item.success) {
      log.warn({ address, issue: item.error.issues[0]?.message }, "trongrid: not a transfer");
      continue;
    }
    const transfer = item.data;
    if (transfer.to !== address || transfer.token_info.address !== USDT_TRC20_CONTRACT) {
      log.warn({ address, tx: transfer.transaction_id }, "trongrid: another address or token");
      continue;
    }
    if (transfer.type !== "Transfer" || transfer.value === "0") continue;
    const amount = toDecimal(transfer.value).div(toDecimal("10").pow(transfer.token_info.decimals));
    const target = targets.find((candidate) => amount.eq(candidate.amount));
    if (!target) {
      log.warn(
        { address, tx: transfer.transaction_id, amount: amount.toFixed() },
        "trongrid: no order has this amount",
      );
      continue;
    }
    matched.push({
      orderId: target.orderId,
      txId: transfer.transaction_id,
      amount: amount.toFixed(),
      confirmations: target.requiredConfirmations,
    });
  }
  return matched;
}
