import { RECALCULATION_STATES, type RecalculationState } from "@obmen/domain";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, decimal } from "./columns.ts";
import { operators } from "./operators.ts";
import { orders } from "./orders.ts";

const stateList = sql.raw(RECALCULATION_STATES.map((state) => `'${state}'`).join(", "));

/**
 * An operator's recalculation of an order at the pair's current rate (issue 14 point 3,
 * docs/decisions/035): what the order said before and what it says now, and the customer's
 * answer. The order row carries the new amounts from the moment it is recalculated (its hold
 * moved with them); this row keeps the old ones, the refund's details and who decided what.
 * Rows are never deleted; a newer recalculation of the same order supersedes the open one.
 */
export const orderRecalculations = pgTable(
  "order_recalculations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** Null when the payment watcher recalculated it (issue 28, decision 059). */
    operatorId: uuid("operator_id").references(() => operators.id),
    state: text("state").$type<RecalculationState>().notNull().default("proposed"),
    previousSendAmount: decimal("previous_send_amount").notNull(),
    previousReceiveAmount: decimal("previous_receive_amount").notNull(),
    previousSendRate: decimal("previous_send_rate").notNull(),
    previousReceiveRate: decimal("previous_receive_rate").notNull(),
    previousComissionAmount: decimal("previous_comission_amount").notNull(),
    sendAmount: decimal("send_amount").notNull(),
    receiveAmount: decimal("receive_amount").notNull(),
    sendRate: decimal("send_rate").notNull(),
    receiveRate: decimal("receive_rate").notNull(),
    comissionAmount: decimal("comission_amount").notNull(),
    /** The operator's note to the customer, shown on the order page and in the letter. */
    comment: text("comment"),
    /** Where the customer asked the money to go back (normalised like an order field). */
    refundTo: text("refund_to"),
    createdAt: createdAt(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    check("order_recalculations_state_check", sql`${t.state} in (${stateList})`),
    check(
      "order_recalculations_amounts_check",
      sql`${t.sendAmount} > 0 and ${t.receiveAmount} > 0`,
    ),
    check(
      "order_recalculations_refund_check",
      sql`(${t.state} = 'refund_requested') = (${t.refundTo} is not null)`,
    ),
    index("order_recalculations_order_idx").on(t.orderId, t.createdAt),
    // At most one question open per order, whatever a racing writer does.
    uniqueIndex("order_recalculations_open_idx").on(t.orderId).where(sql`${t.state} = 'proposed'`),
  ],
);
