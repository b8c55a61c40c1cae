import { boundResult, type MetricResult } from "../lib/result.ts";
import type { ObmenProcess } from "../lib/server-process.ts";

/** Fresh DATA_DIR / empty database (migrate + seed + web tier) to the first 200 on `/`. */
export function coldStartResult(server: ObmenProcess): MetricResult {
  return boundResult({
    name: "cold_start_s",
    engine: server.engine,
    value: server.coldStartMs / 1_000,
    unit: "s",
    bound: 8,
    kind: "max",
  });
}

/** The server's resident memory after the load runs (VmRSS). */
export function rssResult(server: ObmenProcess, rssAfterStartMb: number): MetricResult {
  return boundResult({
    name: "rss_mb",
    engine: server.engine,
    value: server.rssMb(),
    unit: "MB",
    bound: 300,
    kind: "max",
    places: 0,
    details: { rss_after_start_mb: Math.round(rssAfterStartMb) },
  });
}
