import { z } from "zod";
import { DecimalString } from "./catalogue.ts";

const Timestamp = z.string().describe("ISO 8601 date and time, UTC");

/**
 * How a currency's payments are confirmed (issue 28): watched on chain through Esplora (an
 * address per order derived from the operator's extended public key), TronGrid (one address,
 * a unique amount per order) or BTCPay Server (an invoice per order). `null`: by an operator.
 * Shape only here; the key and the address are checked by the API (`payment_watch.xpub`,
 * `payment_watch.address`).
 */
export const PaymentWatch = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("esplora"),
    xpub: z.string().trim().min(1).max(200),
    confirmations: z.number().int().min(0).max(1000).default(2),
  }),
  z.strictObject({
    kind: z.literal("tron"),
    address: z.string().trim().min(1).max(100),
    confirmations: z.number().int().min(0).max(1000).default(19),
  }),
  z.strictObject({
    kind: z.literal("btcpay"),
  }),
]);
export type PaymentWatch = z.infer<typeof PaymentWatch>;

/** The binding as the console lists it, with the first derived addresses to check it by. */
export const PaymentWatchView = z.object({
  kind: z.enum(["esplora", "tron", "btcpay"]),
  xpub: z.string().nullable(),
  address: z.string().nullable(),
  confirmations: z.number().int(),
  /** Esplora: the receive addresses 0/0, 0/1, 0/2 of the key; empty otherwise. */
  first_addresses: z.array(z.string()),
});
export type PaymentWatchView = z.infer<typeof PaymentWatchView>;

/** What the watcher has seen paid to the order so far (`payment.received`). */
export const PaymentReceived = z.object({
  /** The newest transaction counted. */
  tx_id: z.string(),
  /** Everything seen paid to the order, in the send currency. */
  amount: DecimalString,
  /** Of the least confirmed transaction counted. */
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  seen_at: Timestamp,
  /** A block explorer's page of the transaction; null where none is known. */
  explorer_url: z.string().nullable(),
});
export type PaymentReceived = z.infer<typeof PaymentReceived>;
