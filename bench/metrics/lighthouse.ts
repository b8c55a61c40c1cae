import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { onCleanup } from "../lib/cleanup.ts";
import { boundResult, type MetricResult, notMeasured } from "../lib/result.ts";
import type { ObmenProcess } from "../lib/server-process.ts";

/** The system Chromium (DESIGN.md): nothing is downloaded, by the browser or by Lighthouse. */
const CHROMIUM = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** The home page and a popular exchange page, as a visitor on a phone opens them. */
const LIGHTHOUSE_PAGES = ["/", "/exchange/BTC/SBERRUB"];
const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

/**
 * Lighthouse's performance score with its default (mobile) settings: a mid-range phone on a
 * throttled 4G connection, simulated from one real page load in the system Chromium. Runs
 * `runs` times per page and keeps the median score; the details carry the median run's
 * metrics and every audit that cost points, which is where a miss is explained.
 */
export async function measureLighthouse(
  server: ObmenProcess,
  options: { runs: number },
): Promise<MetricResult[]> {
  const profile = mkdtempSync(path.join(tmpdir(), "obmen-bench-chromium-"));
  const removeProfile = onCleanup(`chromium profile ${profile}`, () =>
    rmSync(profile, { recursive: true, force: true }),
  );
  let chrome: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROME_FLAGS,
      userDataDir: profile,
      logLevel: "silent",
    });
  } catch (error) {
    await removeProfile();
    return LIGHTHOUSE_PAGES.map((page) => ({
      ...notMeasured({
        name: "lighthouse_perf",
        engine: null,
        unit: "score",
        target: "≥ 95",
        reason: `Chromium did not start (${CHROMIUM}): ${(error as Error).message}`,
      }),
      details: { page },
    }));
  }
  const stopChrome = onCleanup(`chromium pid ${chrome.pid}`, () => chrome!.kill());
  try {
    const results: MetricResult[] = [];
    // One unmeasured load first, so the server's caches are as warm as a visitor finds them.
    for (const page of LIGHTHOUSE_PAGES) await audit(`${server.url}${page}`, chrome.port);
    for (const page of LIGHTHOUSE_PAGES) {
      const runs = [];
      for (let i = 0; i < options.runs; i++)
        runs.push(await audit(`${server.url}${page}`, chrome.port));
      runs.sort((a, b) => a.score - b.score);
      const median = runs[Math.floor(runs.length / 2)]!;
      results.push(
        boundResult({
          name: "lighthouse_perf",
          engine: null,
          value: median.score,
          unit: "score",
          bound: 95,
          kind: "min",
          places: 0,
          details: {
            page,
            runs: runs.map((run) => run.score),
            metrics: median.metrics,
            lost_points: median.lostPoints,
            benchmark_index: median.benchmarkIndex,
          },
        }),
      );
    }
    return results;
  } finally {
    await stopChrome();
    await removeProfile();
  }
}

interface Audit {
  score: number;
  metrics: Record<string, string>;
  /** Audits with a score under 0.9: id, what Lighthouse shows, and its estimated saving. */
  lostPoints: { id: string; display: string; savings_ms?: number; savings_bytes?: number }[];
  benchmarkIndex: number | undefined;
}

async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message} (${url})`);
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const metrics = Object.fromEntries(
    METRICS.map((id) => [id, lhr.audits[id]?.displayValue ?? "—"]),
  );
  const lostPoints = Object.values(lhr.audits)
    .filter(
      (item) => item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== "informative",
    )
    .map((item) => ({
      id: item.id,
      display: item.displayValue ?? item.title,
      ...(item.metricSavings?.LCP || item.metricSavings?.FCP
        ? {
            savings_ms: Math.round(
              Math.max(item.metricSavings.LCP ?? 0, item.metricSavings.FCP ?? 0),
            ),
          }
        : {}),
      ...(typeof item.details === "object" && item.details && "overallSavingsBytes" in item.details
        ? { savings_bytes: Number(item.details.overallSavingsBytes) }
        : {}),
    }));
  return { score, metrics, lostPoints, benchmarkIndex: lhr.environment?.benchmarkIndex };
}
