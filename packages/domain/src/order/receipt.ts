import type { OrderStatus } from "./status.ts";

/** Largest payment receipt (JPEG, PNG or PDF) the API stores; the order page checks it first. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

/** Receipts make sense while the payment is being checked, not after the order is closed. */
const RECEIPT_STATUSES: ReadonlySet<OrderStatus> = new Set(["new", "paid", "processing", "hold"]);

export function acceptsReceipts(status: OrderStatus): boolean {
  return RECEIPT_STATUSES.has(status);
}
