import { expect } from "vitest";
import { createOrderWithRetry } from "./operations.ts";
import type { CurrencyPairEntry } from "./server-process.ts";

/**
 * A steady load of order creates over the replicas `urls()` names at each call (round robin,
 * a refused or reset connection retried on the next one with the same idempotency key).
 * Records every answer, so a test can say that none was a 5xx and find every acknowledged
 * order afterwards.
 */
export function startSteadyLoad(options: {
  urls: () => string[];
  pair: CurrencyPairEntry;
  callers: number;
}) {
  const acknowledged: string[] = [];
  const refusals: { status: number; attempts: number }[] = [];
  let retried = 0;
  let running = true;
  let turn = 0;
  const caller = async () => {
    while (running) {
      const answer = await createOrderWithRetry(options.urls, options.pair, turn++);
      if (answer.attempts > 1) retried += 1;
      if (answer.status === 200) acknowledged.push(answer.uuid!);
      else refusals.push({ status: answer.status, attempts: answer.attempts });
    }
  };
  const callers = Array.from({ length: options.callers }, caller);
  return {
    acknowledged,
    refusals,
    retried: () => retried,
    /** Resolves once `count` more orders were acknowledged (waits for a state, not a time). */
    async waitForMore(count: number) {
      const target = acknowledged.length + count;
      while (acknowledged.length < target) {
        if (callers.length === 0) throw new Error("load stopped");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      running = false;
      await Promise.all(callers);
      expect(refusals, "no create was refused, none answered 5xx").toEqual([]);
    },
  };
}
