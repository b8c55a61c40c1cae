import { runQuoteBenchmark } from "@obmen/domain/bench";
import { boundResult, type MetricResult } from "../lib/result.ts";

/** Domain quotes per second on one core (`runQuoteBenchmark`, harmonic mean of scenarios). */
export function measureQuoteOps(options: { quick: boolean }): MetricResult {
  const { quotesPerSecond, scenarios } = runQuoteBenchmark({
    durationMs: options.quick ? 300 : 1_000,
  });
  return boundResult({
    name: "quote_ops",
    engine: null,
    value: quotesPerSecond,
    unit: "ops/s",
    bound: 1_000_000,
    kind: "min",
    places: 0,
    details: { scenarios },
  });
}
