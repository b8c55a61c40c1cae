/**
 * Natural batching ("group commit", docs/decisions/012-order-create-single-call.md): an item
 * goes to the database at once while fewer than `maxInFlight` calls are out; otherwise it
 * waits, and when a call comes back everything that waited goes together as the next call.
 * There is no timer: a lone item never waits, and under a rush each round trip (and commit) is
 * shared by every item that arrived during the previous one.
 *
 * `send` answers one result per item, in the order given. If it fails as a whole, the batch's
 * items are sent again one by one, so one item's failure is never another's.
 */
export function createNaturalBatchQueue<Item, Result>(options: {
  send: (items: Item[]) => Promise<Result[]>;
  /** Calls out at once (default 2: one batch's answer travels back while the next is worked). */
  maxInFlight?: number;
  /** Items per call at most (a statement's parameters are limited). */
  maxBatch: number;
}): { push(item: Item): Promise<Result> } {
  const maxInFlight = options.maxInFlight ?? 2;
  const waiting: Waiter<Item, Result>[] = [];
  let inFlight = 0;

  async function sendWaiting() {
    inFlight++;
    const answer = await answersFor(options.send, waiting.splice(0, options.maxBatch));
    // Free the slot and send what waited before handing out the answers: a caller that
    // pushes again on its answer must not find a slot that is only about to be free.
    inFlight--;
    if (waiting.length > 0) void sendWaiting();
    answer();
  }

  return {
    push(item) {
      return new Promise((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (inFlight < maxInFlight) void sendWaiting();
      });
    },
  };
}

interface Waiter<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/** Sends a batch; the returned function settles each waiter's promise. Never throws. */
async function answersFor<Item, Result>(
  send: (items: Item[]) => Promise<Result[]>,
  batch: Waiter<Item, Result>[],
): Promise<() => void> {
  try {
    const results = await send(batch.map((waiter) => waiter.item));
    return () => {
      for (const [index, waiter] of batch.entries()) waiter.resolve(results[index]!);
    };
  } catch (error) {
    if (batch.length === 1) return () => batch[0]!.reject(error);
    const alone: (() => void)[] = [];
    for (const waiter of batch) alone.push(await answersFor(send, [waiter]));
    return () => {
      for (const answer of alone) answer();
    };
  }
}
