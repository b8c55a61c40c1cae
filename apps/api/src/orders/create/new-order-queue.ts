import type { Database } from "@obmen/db";
import { createNaturalBatchQueue } from "../../batching/natural-batch-queue.ts";
import { insertNewOrders, type NewOrder, type NewOrderOutcome } from "./insert-new-orders.ts";

/**
 * Calls in flight at once: two keep the database busy while one batch's answer travels back.
 * One and four measured the same as two within the bench box's noise; more calls mean smaller
 * batches that wait longer for each other's currency locks (docs/performance.md).
 */
const DEFAULT_MAX_IN_FLIGHT = 2;
/** Orders per statement at most (`create_order` takes 19 parameters; the limit is 65,535). */
const MAX_BATCH = 64;

export interface NewOrderQueue {
  insert(order: NewOrder): Promise<NewOrderOutcome>;
}

/**
 * New orders go to the database naturally batched (createNaturalBatchQueue, decision 012):
 * a lone order never waits, and under a rush every order that arrived during one
 * `create_order` call goes in the next, one round trip and one commit for all of them
 * (insert-new-orders.ts). Refusals are outcomes; a batch that fails as a whole is retried
 * order by order.
 */
export function createNewOrderQueue(options: {
  db: Database;
  maxInFlight?: number;
}): NewOrderQueue {
  const queue = createNaturalBatchQueue<NewOrder, NewOrderOutcome>({
    send: (orders) => insertNewOrders({ db: options.db, orders }),
    maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
    maxBatch: MAX_BATCH,
  });
  return { insert: (order) => queue.push(order) };
}
