import type { Database } from "@obmen/db";
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
 * Natural batching of new orders ("group commit"): an order goes to the database at once
 * while fewer than `maxInFlight` calls are out; otherwise it waits, and when a call comes
 * back everything that waited goes together as the next call (insert-new-orders.ts). There is
 * no timer: a lone order never waits, and under a rush each round trip and commit is shared
 * by every order that arrived during the previous one.
 *
 * If a batch fails as a whole (an error, not a refusal: refusals are outcomes), its orders are
 * tried one by one, so one order's failure is never another's.
 */
export function createNewOrderQueue(options: {
  db: Database;
  maxInFlight?: number;
}): NewOrderQueue {
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const waiting: Waiter[] = [];
  let inFlight = 0;

  async function sendWaiting() {
    inFlight++;
    const answer = await answersFor(options.db, waiting.splice(0, MAX_BATCH));
    // Free the slot and send what waited before handing out the answers: a caller that
    // creates again on its answer must not find a slot that is only about to be free.
    inFlight--;
    if (waiting.length > 0) void sendWaiting();
    answer();
  }

  return {
    insert(order) {
      return new Promise((resolve, reject) => {
        waiting.push({ order, resolve, reject });
        if (inFlight < maxInFlight) void sendWaiting();
      });
    },
  };
}

interface Waiter {
  order: NewOrder;
  resolve: (outcome: NewOrderOutcome) => void;
  reject: (error: unknown) => void;
}

/** Writes a batch; the returned function settles each waiter's promise. Never throws. */
async function answersFor(db: Database, batch: Waiter[]): Promise<() => void> {
  try {
    const outcomes = await insertNewOrders({ db, orders: batch.map((waiter) => waiter.order) });
    return () => {
      for (const [index, waiter] of batch.entries()) waiter.resolve(outcomes[index]!);
    };
  } catch (error) {
    if (batch.length === 1) return () => batch[0]!.reject(error);
    const alone: (() => void)[] = [];
    for (const waiter of batch) alone.push(await answersFor(db, [waiter]));
    return () => {
      for (const answer of alone) answer();
    };
  }
}
