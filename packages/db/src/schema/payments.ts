import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { currencies } from "./catalogue.ts";
import { createdAt, decimal } from "./columns.ts";
import { orders } from "./orders.ts";

export const paymentWatchKinds = ["esplora", "tron", "btcpay"] as const;
export type PaymentWatchKind = (typeof paymentWatchKinds)[number];

/**
 * A currency whose payments the exchange watches on chain (issue 28): no row is today's manual
 * confirmation. `esplora` derives an address per order from `xpub`; `tron` has one operator
 * `address` and tells orders apart by their amounts; `btcpay` asks BTCPay Server for an invoice.
 */
export const paymentWatches = pgTable(
  "payment_watches",
  {
    currencyId: integer("currency_id")
      .primaryKey()
      .references(() => currencies.id, { onDelete: "cascade" }),
    kind: text("kind").$type<PaymentWatchKind>().notNull(),
    xpub: text("xpub"),
    address: text("address"),
    confirmations: integer("confirmations").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_watches_kind_check", sql`${t.kind} in ('esplora', 'tron', 'btcpay')`),
    check("payment_watches_confirmations_check", sql`${t.confirmations} between 0 and 1000`),
  ],
);

/**
 * The next unused child index of each extended public key, whichever currency uses it: taken
 * by `UPDATE … RETURNING` so two replicas never hand out the same address, and never reset,
 * so rebinding a key continues where it stopped (decision 058).
 */
export const xpubCounters = pgTable("xpub_counters", {
  xpub: text("xpub").primaryKey(),
  nextIndex: integer("next_index").notNull().default(0),
});

/**
 * Where one order is paid and what is watched for it: its own address (esplora), the operator's
 * address with the order's unique amount (tron), or a BTCPay invoice. Watched until
 * `watch_until` (the order's end plus a grace period for late payments).
 */
export const orderPaymentTargets = pgTable(
  "order_payment_targets",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    kind: text("kind").$type<PaymentWatchKind>().notNull(),
    address: text("address"),
    derivationIndex: integer("derivation_index"),
    /** What the customer is asked to send: the order's amount, made unique on `tron`. */
    amount: decimal("amount").notNull(),
    invoiceId: text("invoice_id"),
    requiredConfirmations: integer("required_confirmations").notNull(),
    watchUntil: timestamp("watch_until", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("order_payment_targets_address_idx")
      .on(t.address)
      .where(sql`${t.kind} = 'esplora'`),
    uniqueIndex("order_payment_targets_invoice_idx").on(t.invoiceId),
    index("order_payment_targets_watch_idx").on(t.watchUntil),
  ],
);

/**
 * A transfer seen for an order (one row per transaction id), updated as its confirmations grow.
 * `credited_at` marks the transfers counted in the order's one crediting (decision 059).
 */
export const paymentTransfers = pgTable(
  "payment_transfers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    txId: text("tx_id").notNull(),
    amount: decimal("amount").notNull(),
    confirmations: integer("confirmations").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
  },
  (t) => [
    unique("payment_transfers_order_tx_key").on(t.orderId, t.txId),
    check("payment_transfers_amount_check", sql`${t.amount} > 0`),
  ],
);
