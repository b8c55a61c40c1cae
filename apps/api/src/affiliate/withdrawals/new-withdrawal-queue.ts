import type { Database } from "@obmen/db";
import { createNaturalBatchQueue } from "../../batching/natural-batch-queue.ts";
import {
  insertNewWithdrawals,
  type NewWithdrawal,
  type NewWithdrawalOutcome,
} from "./insert-new-withdrawals.ts";

/** Requests per statement at most (`create_withdrawal` takes 5 parameters). */
const MAX_BATCH = 64;

export interface NewWithdrawalQueue {
  insert(withdrawal: NewWithdrawal): Promise<NewWithdrawalOutcome>;
}

/**
 * Withdrawal requests batched as new orders are (decision 012, here decision 041): a request
 * goes to the database at once while fewer than `maxInFlight` calls (default 2) are out;
 * otherwise it waits, and when a call comes back everything that waited goes as one statement
 * (insert-new-withdrawals.ts). No timer: a lone request never waits. A batch that fails as a
 * whole (an error, not a refusal: refusals are outcomes) is tried request by request, so one
 * request's failure is never another's.
 */
export function createNewWithdrawalQueue(options: {
  db: Database;
  maxInFlight?: number;
}): NewWithdrawalQueue {
  const queue = createNaturalBatchQueue({
    send: (withdrawals: NewWithdrawal[]) => insertNewWithdrawals({ db: options.db, withdrawals }),
    maxInFlight: options.maxInFlight,
    maxBatch: MAX_BATCH,
  });
  return { insert: (withdrawal) => queue.push(withdrawal) };
}
