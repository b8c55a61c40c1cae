import { AppError } from "@obmen/contracts";
import {
  consoleSettings,
  currencies,
  type Database,
  orderPaymentTargets,
  orders,
  type PaymentWatchKind,
  paymentWatches,
} from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { OrderEffects } from "../orders/effects/order-effects.ts";
import { alertPaymentMismatch } from "./alert-payment-mismatch.ts";
import { assignPaymentTarget } from "./assign-payment-target.ts";
import { creditConfirmedPayment } from "./credit-confirmed-payment.ts";
import type { ObservedTransfer, PaymentSource, SourceLog } from "./payment-source.ts";
import { recordObservedTransfers } from "./record-observed-transfers.ts";
import { stillWatched } from "./still-watched.ts";

/** The `console_settings` key of a source's last successful pass (the metrics read it). */
export const lastSuccessKey = (kind: PaymentWatchKind) => `payment_watch_last_success:${kind}`;

export interface WatchReport {
  watched: number;
  credited: number;
  recalculated: number;
  /** Orders whose crediting failed this pass (an operator was alerted). */
  failed: number;
}

/**
 * One pass of one source (payment-jobs.ts runs it, one replica at a time): targets made for
 * new orders of watched currencies that have none yet, every address still watched read once,
 * what it shows recorded, and each order with something new confirmed handed to the one
 * crediting path. An address is watched while its order is open, and `graceMs` after it ended
 * (its last change), for late payments. A source that cannot be read throws before anything
 * is written, and the job retries it with backoff.
 */
export async function watchPayments(options: {
  db: Database;
  effects: OrderEffects;
  appUrl: string;
  source: PaymentSource;
  graceMs: number;
  log: SourceLog;
  createInvoice?: Parameters<typeof assignPaymentTarget>[0]["createInvoice"];
  now?: Date;
}): Promise<WatchReport> {
  const { db, source } = options;
  const now = options.now ?? new Date();
  await assignMissingTargets({ ...options, kind: source.kind });
  const rows = await db
    .select({ target: orderPaymentTargets })
    .from(orderPaymentTargets)
    .innerJoin(orders, eq(orders.id, orderPaymentTargets.orderId))
    .where(
      and(
        eq(orderPaymentTargets.kind, source.kind),
        stillWatched({ now, graceMs: options.graceMs }),
      ),
    );
  const targets = rows.map((row) => row.target);
  const observed = await source.observe(targets);
  const report: WatchReport = {
    watched: targets.length,
    credited: 0,
    recalculated: 0,
    failed: 0,
  };
  for (const [orderId, transfers] of observed) {
    await recordObservedTransfers({ db, orderId, transfers });
    try {
      const result = await creditConfirmedPayment({
        db,
        effects: options.effects,
        appUrl: options.appUrl,
        orderId,
        now,
      });
      if (result.outcome === "credited") report.credited += 1;
      if (result.outcome === "recalculated") report.recalculated += 1;
    } catch (error) {
      // One order the watcher cannot settle (its recalculation finds too little reserve, its
      // pair gone) must not stop the others: an operator is told once, and it is tried again
      // on every pass until it goes through or someone moves the order.
      report.failed += 1;
      options.log.warn({ order: orderId, err: (error as Error).message }, "payment not credited");
      await alertUnsettled({
        db,
        orderId,
        transfers,
        reason: reasonOf(error),
        appUrl: options.appUrl,
      });
    }
  }
  const key = lastSuccessKey(source.kind);
  await db
    .insert(consoleSettings)
    .values({ key, value: now.toISOString(), updatedAt: now })
    .onConflictDoUpdate({
      target: consoleSettings.key,
      set: { value: now.toISOString(), updatedAt: now },
    });
  return report;
}

/**
 * New orders of currencies bound to this source that have no target yet (nobody opened their
 * page): made here, so every order of a watched currency is watched.
 */
async function assignMissingTargets(options: {
  db: Database;
  kind: PaymentWatchKind;
  graceMs: number;
  createInvoice?: Parameters<typeof assignPaymentTarget>[0]["createInvoice"];
  log: SourceLog;
}) {
  const missing = await options.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(paymentWatches, eq(paymentWatches.currencyId, orders.sendCurrencyId))
    .innerJoin(currencies, eq(currencies.id, orders.sendCurrencyId))
    .leftJoin(orderPaymentTargets, eq(orderPaymentTargets.orderId, orders.id))
    .where(
      and(
        eq(paymentWatches.kind, options.kind),
        inArray(orders.status, ["new"]),
        isNull(orderPaymentTargets.orderId),
      ),
    )
    .limit(200);
  for (const { id } of missing) {
    try {
      await assignPaymentTarget({
        db: options.db,
        orderId: id,
        graceMs: options.graceMs,
        createInvoice: options.createInvoice,
      });
    } catch (error) {
      options.log.warn({ order: id, err: (error as Error).message }, "payment target not made");
    }
  }
}

function reasonOf(error: unknown): string {
  return error instanceof AppError ? error.code : "error";
}

async function alertUnsettled(options: {
  db: Database;
  orderId: string;
  transfers: ObservedTransfer[];
  reason: string;
  appUrl: string;
}) {
  const [row] = await options.db
    .select({ code: currencies.currencyCode, amount: orderPaymentTargets.amount })
    .from(orderPaymentTargets)
    .innerJoin(currencies, eq(currencies.id, orderPaymentTargets.currencyId))
    .where(eq(orderPaymentTargets.orderId, options.orderId));
  const amount = options.transfers
    .reduce((sum, transfer) => sum.plus(transfer.amount), toDecimal("0"))
    .toFixed();
  await options.db.transaction((tx) =>
    alertPaymentMismatch({
      tx,
      orderId: options.orderId,
      kind: { needsOperator: options.reason },
      amount,
      expected: row?.amount ?? "?",
      currencyCode: row?.code ?? "",
      txIds: options.transfers.map((transfer) => transfer.txId),
      appUrl: options.appUrl,
    }),
  );
}
