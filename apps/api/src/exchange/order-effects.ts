import type { ExchangeStatus } from "@obmen/contracts";
import type { orders, Transaction } from "@obmen/db";
import type { OrderMailDisplay, OrderMailPaymentInstructions } from "../mail/order-mail.types.ts";

/**
 * What happens around every order change, injected so the use cases stay about the order:
 * the history event and customer e-mail (same transaction), the expiry job (same transaction),
 * and after commit, telling caches that reserves moved.
 */
export interface OrderEffects {
  recordChange(options: {
    tx: Transaction;
    /** The order as it is after the change. */
    order: typeof orders.$inferSelect;
    status: ExchangeStatus;
    actor: "customer" | "operator" | "system";
    actorId?: string | null;
    comment?: string | null;
    at: Date;
    /**
     * What the customer's e-mail shows, when the caller already has it (a create has the
     * pair entry and the send currency in hand); otherwise it is read in the transaction.
     */
    mail?: { display: OrderMailDisplay; paymentInstructions?: OrderMailPaymentInstructions };
  }): Promise<void>;
  scheduleExpiry(options: { tx: Transaction; orderId: string; expiresAt: Date }): Promise<void>;
  afterCommit(options: { reserveChanged: boolean }): Promise<void>;
}
