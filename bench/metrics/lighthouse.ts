import { type MetricResult, notMeasured } from "../lib/result.ts";

/**
 * Lighthouse mobile performance needs the `lighthouse` package driving the system Chromium.
 * It is not a dependency of the project (see docs/performance.md), so this reports why the
 * figure is missing rather than leaving a silent gap.
 */
export async function measureLighthouse(): Promise<MetricResult[]> {
  let reason = "the lighthouse package is not installed (npm i -D lighthouse@13.5.0)";
  try {
    await import("lighthouse" as string);
    reason = "lighthouse is installed but the bench does not drive it yet";
  } catch {}
  return ["/", "/exchange/BTC/SBERRUB"].map((page) => ({
    ...notMeasured({
      name: "lighthouse_perf",
      engine: null,
      unit: "score",
      target: "≥ 95",
      reason,
    }),
    details: { page, not_measured: reason },
  }));
}
