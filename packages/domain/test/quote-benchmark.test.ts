import { expect, it } from "vitest";
import { runQuoteBenchmark } from "../src/bench/quote-benchmark.ts";

// A smoke test, not the benchmark: it proves the entry runs and reports sane numbers. The
// floor is far below the 1M/s target so a busy CI machine cannot make it flaky.
it("runs the quote benchmark and reports quotes per second", () => {
  const result = runQuoteBenchmark({ durationMs: 50 });
  expect(result.scenarios).toHaveLength(3);
  expect(result.quotesPerSecond).toBeGreaterThan(10_000);
});
