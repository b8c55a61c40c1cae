import type { OrderStatus } from "@obmen/contracts";
import type { orders, Transaction } from "@obmen/db";
import type {
  OrderMailDisplay,
  OrderMailPaymentInstructions,
  PreparedOrderMail,
} from "../../mail/index.ts";

/**
 * What happens around every order change, injected so the use cases stay about the order:
 * the history event and customer e-mail (same transaction), and after commit, telling caches
 * that reserves moved. Expiry needs nothing per order: the sweep (order-jobs.ts) finds it.
 */
export interface OrderEffects {
  /** A status change of an existing order (a new order's event and e-mail: `createdMail`). */
  recordChange(options: {
    tx: Transaction;
    /** The order as it is after the change. */
    order: typeof orders.$inferSelect;
    status: OrderStatus;
    actor: "customer" | "operator" | "system";
    actorId?: string | null;
    comment?: string | null;
    /** A completion's payout reference, for the customer's letter. */
    payoutReference?: string | null;
    at: Date;
  }): Promise<void>;
  /**
   * A new order's e-mail, rendered for the create to write in its own statement together with
   * the order and its `new` event (insert-new-orders.ts), the same letter `recordChange` writes.
   */
  createdMail(options: {
    order: typeof orders.$inferSelect;
    display: OrderMailDisplay;
    paymentInstructions: OrderMailPaymentInstructions;
  }): PreparedOrderMail;
  afterCommit(options: { reserveChanged: boolean }): Promise<void>;
}
