import type { OrderStatus, PairRate } from "@obmen/contracts";
import {
  type Database,
  normaliseDecimal,
  type orders,
  queryPrepared,
  type Transaction,
} from "@obmen/db";
import { sql } from "drizzle-orm";
import { batchedCallStatements } from "../../batching/batched-call-statement.ts";
import type { PreparedOrderMail } from "../../mail/index.ts";
import type { SendCurrency } from "../info/payment-instructions.ts";

/**
 * A new order as the database function `create_order` takes it (packages/db/sql/functions/create_order.sql):
 * the row as it will be written, whose rate is the quote the form was checked against; where
 * the e-mail says to pay (null: not known yet, the answer is `pay_to_changed` with it); and
 * the e-mail as the outbox stores it (null only with `payTo` null); and the affiliate channel
 * code it came with (referralCode: null or absent when none), which the function records as the
 * order's referral in the same transaction (docs/decisions/029-affiliate-ledger.md).
 */
export interface NewOrder {
  order: typeof orders.$inferSelect;
  payTo: SendCurrency | null;
  mail: PreparedOrderMail | null;
  rid?: string | null;
}

/** What the database made of a new order. */
export type NewOrderOutcome =
  | { outcome: "created" }
  /** The idempotency key already made an order: this one. */
  | { outcome: "duplicate"; orderId: string; status: OrderStatus }
  | { outcome: "rate_changed"; rate: PairRate }
  /** The e-mail named another place to pay than the database holds: render it again. */
  | { outcome: "pay_to_changed"; payTo: SendCurrency }
  | { outcome: "pair_inactive" }
  /** The hold did not fit: the reserve and the open holds' total, as seen under the lock. */
  | { outcome: "above_reserve"; reserve: string; held: string };

/**
 * Writes new orders — each with its reserve hold, `new` event and e-mail, or an outcome saying
 * why not — in ONE statement, one `create_order` call per order, in autocommit: one round trip
 * and one commit for all of them (docs/decisions/012-order-create-single-call.md). Outcomes
 * come back in the order given.
 *
 * The calls run left to right, sorted by receive currency: each locks its currency until the
 * commit, so every batch, from any process, takes those locks in the same order and two
 * batches cannot deadlock over them (completion takes its two in id order too).
 */
export async function insertNewOrders(options: {
  db: Database;
  orders: readonly NewOrder[];
}): Promise<NewOrderOutcome[]> {
  const byCurrency = options.orders
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.order.receiveCurrencyId - b.item.order.receiveCurrencyId);
  const [row] = await queryPrepared<Record<string, FunctionResult>>(
    options.db,
    newOrdersStatement(byCurrency.map(({ item }) => item)),
  );
  const outcomes: NewOrderOutcome[] = new Array(options.orders.length);
  for (const [position, { index }] of byCurrency.entries()) {
    outcomes[index] = outcomeOf(row![`o${position}`]!);
  }
  return outcomes;
}

/**
 * The statement for these orders, called in the order given (result columns `o0`, `o1`, …):
 * what insertNewOrders sends, and what a test sends on a connection of its own to hold a lock.
 */
export function newOrdersStatement(items: readonly NewOrder[]) {
  return { ...statementFor(items.length), values: items.flatMap(argumentsOf) };
}

/** `create_order`'s parameters, in its order, with their types. */
const PARAMETER_TYPES = [
  "uuid",
  "integer",
  "numeric",
  "numeric",
  "numeric",
  "jsonb",
  "numeric",
  "numeric",
  "text",
  "text",
  "jsonb",
  "text",
  "text",
  "timestamptz",
  "timestamptz",
  "text",
  "text",
  "jsonb",
  "text",
];

function argumentsOf({ order, payTo, mail, rid }: NewOrder): unknown[] {
  return [
    order.id,
    order.pairId,
    order.sendRate,
    order.receiveRate,
    order.comissionAmount,
    payTo && JSON.stringify(payTo),
    order.sendAmount,
    order.receiveAmount,
    order.email,
    order.locale,
    JSON.stringify(order.fields),
    order.clientIp,
    order.idempotencyKey,
    order.createdAt.toISOString(),
    order.expiresAt.toISOString(),
    mail?.to ?? null,
    mail?.subject ?? null,
    mail && JSON.stringify(mail.content),
    rid ?? null,
  ];
}

const statementFor = batchedCallStatements("create_order", "o", PARAMETER_TYPES);

/**
 * One order's `create_order` call inside the caller's transaction, through Drizzle (a
 * prepared statement on the pool would run outside it): for an order held by risk, whose
 * flags and `hold` are written in the same transaction (risk/hold-risky-order.ts).
 */
export async function insertNewOrderIn(tx: Transaction, item: NewOrder): Promise<NewOrderOutcome> {
  const values = argumentsOf(item).map(
    (value, index) => sql`${value}::${sql.raw(PARAMETER_TYPES[index]!)}`,
  );
  const result = await tx.execute<{ o0: FunctionResult }>(
    sql`select create_order(${sql.join(values, sql`, `)}) as o0`,
  );
  return outcomeOf(result.rows[0]!.o0);
}

type FunctionResult =
  | { outcome: "created" | "pair_inactive" }
  | { outcome: "duplicate"; order_id: string; status: OrderStatus }
  | { outcome: "rate_changed"; rate: PairRate }
  | { outcome: "pay_to_changed"; pay_to: SendCurrency }
  | { outcome: "above_reserve"; reserve: string; held: string };

function outcomeOf(result: FunctionResult): NewOrderOutcome {
  switch (result.outcome) {
    case "duplicate":
      return { outcome: "duplicate", orderId: result.order_id, status: result.status };
    case "rate_changed": {
      // numeric(38, 18) as text carries every trailing zero; the API's decimals never do.
      const rate = Object.fromEntries(
        Object.entries(result.rate).map(([key, value]) => [key, normaliseDecimal(value)]),
      ) as PairRate;
      return { outcome: "rate_changed", rate };
    }
    case "pay_to_changed":
      return { outcome: "pay_to_changed", payTo: result.pay_to };
    case "above_reserve":
      return { outcome: "above_reserve", reserve: result.reserve, held: result.held };
    default:
      return { outcome: result.outcome };
  }
}
