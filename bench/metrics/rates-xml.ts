import { captureResponse, startBaselineServer } from "../lib/baseline.ts";
import { type LoadProfile, measureLoad } from "../lib/load.ts";
import { type MetricResult, ratioResult } from "../lib/result.ts";
import type { ObmenProcess } from "../lib/server-process.ts";

/** GET `/rates.xml` (the BestChange export) against bare node:http sending the same bytes. */
export async function measureRatesXml(
  server: ObmenProcess,
  profile: LoadProfile,
): Promise<MetricResult> {
  const url = `${server.url}/rates.xml`;
  const captured = await captureResponse(url);
  const subject = await measureLoad({ url }, profile);
  const baselineServer = await startBaselineServer(captured);
  try {
    const baseline = await measureLoad({ url: `${baselineServer.url}/rates.xml` }, profile);
    return ratioResult({
      name: "rates_xml_rps",
      engine: server.engine,
      value: subject.rps,
      unit: "req/s",
      baseline: "bare node:http, same bytes",
      baselineValue: baseline.rps,
      minRatio: 0.6,
      p99Ms: subject.p99Ms,
      details: {
        response_bytes: captured.body.length,
        baseline_p99_ms: baseline.p99Ms,
        rounds: subject.rounds,
      },
    });
  } finally {
    await baselineServer.stop();
  }
}
