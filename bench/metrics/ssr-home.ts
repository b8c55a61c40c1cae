import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { onCleanup } from "../lib/cleanup.ts";
import { type LoadProfile, measureLoad } from "../lib/load.ts";
import { type MetricResult, ratioResult } from "../lib/result.ts";
import { type ObmenProcess, REPO_ROOT } from "../lib/server-process.ts";

const CLIENT_DIR = path.join(REPO_ROOT, "apps/web/build/client");
const STATIC_TWIN_PATH = "/bench-static.html";

/**
 * The baseline for SSR is a static HTML file of the same bytes served by the same server's
 * static handler. That handler registers one route per file found at start, so the file must
 * exist before the server starts: this writes a placeholder and returns how to fill and remove it.
 */
export function prepareStaticTwin(): { fill(bytes: Buffer): void; remove(): Promise<void> } {
  const file = path.join(CLIENT_DIR, STATIC_TWIN_PATH.slice(1));
  if (!existsSync(CLIENT_DIR)) throw new Error(`${CLIENT_DIR} is missing: run npm run build`);
  writeFileSync(file, "<!doctype html><title>bench</title>");
  const remove = onCleanup(`static twin ${file}`, () => rmSync(file, { force: true }));
  return { fill: (bytes) => writeFileSync(file, bytes), remove };
}

/** GET `/` (server-rendered home) against the same bytes as a static file, same server. */
export async function measureSsrHome(
  server: ObmenProcess,
  twin: { fill(bytes: Buffer): void },
  profile: LoadProfile,
): Promise<{ result: MetricResult; html: string }> {
  const response = await fetch(`${server.url}/`);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
  twin.fill(Buffer.from(html));
  const check = await fetch(`${server.url}${STATIC_TWIN_PATH}`);
  const twinBytes = (await check.arrayBuffer()).byteLength;
  if (check.status !== 200 || twinBytes !== Buffer.byteLength(html)) {
    throw new Error(`static twin not served as written (${check.status}, ${twinBytes} bytes)`);
  }

  const subject = await measureLoad({ url: `${server.url}/` }, profile);
  const baseline = await measureLoad({ url: `${server.url}${STATIC_TWIN_PATH}` }, profile);
  return {
    html,
    result: ratioResult({
      name: "ssr_home_rps",
      engine: server.engine,
      value: subject.rps,
      unit: "req/s",
      baseline: "same bytes as a static file, same server",
      baselineValue: baseline.rps,
      minRatio: 0.15,
      p99Ms: subject.p99Ms,
      maxP99Ms: 100,
      details: {
        html_bytes: Buffer.byteLength(html),
        baseline_p99_ms: baseline.p99Ms,
        rounds: subject.rounds,
      },
    }),
  };
}
