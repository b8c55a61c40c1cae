import type { Database } from "@obmen/db";
import {
  insertNewWithdrawals,
  type NewWithdrawal,
  type NewWithdrawalOutcome,
} from "./insert-new-withdrawals.ts";

/** Calls in flight at once: the order queue's two (new-order-queue.ts), for the same reason. */
const DEFAULT_MAX_IN_FLIGHT = 2;
/** Requests per statement at most (`create_withdrawal` takes 5 parameters). */
const MAX_BATCH = 64;

export interface NewWithdrawalQueue {
  insert(withdrawal: NewWithdrawal): Promise<NewWithdrawalOutcome>;
}

/**
 * Natural batching of withdrawal requests, as new orders are batched (decision 012, here
 * decision 041): a request goes to the database at once while fewer than `maxInFlight` calls
 * are out; otherwise it waits, and when a call comes back everything that waited goes as one
 * statement (insert-new-withdrawals.ts). No timer: a lone request never waits.
 *
 * If a batch fails as a whole (an error, not a refusal: refusals are outcomes), its requests
 * are tried one by one, so one request's failure is never another's.
 */
export function createNewWithdrawalQueue(options: {
  db: Database;
  maxInFlight?: number;
}): NewWithdrawalQueue {
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const waiting: Waiter[] = [];
  let inFlight = 0;

  async function sendWaiting() {
    inFlight++;
    const answer = await answersFor(options.db, waiting.splice(0, MAX_BATCH));
    // Free the slot and send what waited before handing out the answers: a caller that
    // requests again on its answer must not find a slot that is only about to be free.
    inFlight--;
    if (waiting.length > 0) void sendWaiting();
    answer();
  }

  return {
    insert(withdrawal) {
      return new Promise((resolve, reject) => {
        waiting.push({ withdrawal, resolve, reject });
        if (inFlight < maxInFlight) void sendWaiting();
      });
    },
  };
}

interface Waiter {
  withdrawal: NewWithdrawal;
  resolve: (outcome: NewWithdrawalOutcome) => void;
  reject: (error: unknown) => void;
}

/** Writes a batch; the returned function settles each waiter's promise. Never throws. */
async function answersFor(db: Database, batch: Waiter[]): Promise<() => void> {
  try {
    const outcomes = await insertNewWithdrawals({
      db,
      withdrawals: batch.map((waiter) => waiter.withdrawal),
    });
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
