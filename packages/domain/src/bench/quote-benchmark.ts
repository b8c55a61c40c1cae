import { quoteReceive } from "../pricing/quote-receive.ts";
import { quoteSend } from "../pricing/quote-send.ts";

/**
 * A self-timed quote loop for `npm run bench` (imported as `@obmen/domain/bench`, kept out of
 * the main entry). Target: ≥ 1,000,000 quotes/s on the 2-core reference box (brief).
 * Scenarios are the catalogue's extremes: 8-decimal crypto against 2-decimal fiat, a huge
 * rate, its inverse (a division per quote) and a SHIB-like tiny price with a payout fee.
 */
export const QUOTE_BENCHMARK_SCENARIOS = [
  {
    name: "BTC→RUB receive",
    rate: { send_rate: "1", receive_rate: "9000000", comission_amount: "0" },
    kind: "receive",
    amount: "0.01234567",
    sendDecimals: 8,
    receiveDecimals: 2,
  },
  {
    name: "RUB→BTC receive",
    rate: { send_rate: "9000000", receive_rate: "1", comission_amount: "0.0001" },
    kind: "receive",
    amount: "150000",
    sendDecimals: 2,
    receiveDecimals: 8,
  },
  {
    name: "SHIB→USDT send",
    rate: { send_rate: "1", receive_rate: "0.00001234", comission_amount: "1" },
    kind: "send",
    amount: "100",
    sendDecimals: 0,
    receiveDecimals: 2,
  },
] as const;

export interface QuoteBenchmarkResult {
  quotesPerSecond: number;
  scenarios: Array<{ name: string; quotesPerSecond: number }>;
}

/** Runs each scenario for about `durationMs` and reports quotes per second (one core). */
export function runQuoteBenchmark(options: { durationMs?: number } = {}): QuoteBenchmarkResult {
  const durationMs = options.durationMs ?? 1000;
  const scenarios = QUOTE_BENCHMARK_SCENARIOS.map((scenario) => {
    const { rate, amount, sendDecimals, receiveDecimals } = scenario;
    const quoteOnce =
      scenario.kind === "receive"
        ? () => quoteReceive({ rate, sendAmount: amount, sendDecimals, receiveDecimals })
        : () => quoteSend({ rate, receiveAmount: amount, sendDecimals, receiveDecimals });
    for (let i = 0; i < 10_000; i++) quoteOnce(); // warm up the JIT
    let quotes = 0;
    const started = performance.now();
    let elapsed = 0;
    while (elapsed < durationMs) {
      for (let i = 0; i < 10_000; i++) quoteOnce();
      quotes += 10_000;
      elapsed = performance.now() - started;
    }
    return { name: scenario.name, quotesPerSecond: Math.round((quotes * 1000) / elapsed) };
  });
  // Harmonic mean: the rate of a workload that mixes the scenarios equally.
  const harmonic = scenarios.length / scenarios.reduce((sum, s) => sum + 1 / s.quotesPerSecond, 0);
  return { quotesPerSecond: Math.round(harmonic), scenarios };
}
