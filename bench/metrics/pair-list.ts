import { captureResponse, startBaselineServer } from "../lib/baseline.ts";
import { signedInit, signedRequests } from "../lib/envelopes.ts";
import { type LoadProfile, measureLoad } from "../lib/load.ts";
import { type MetricResult, ratioResult } from "../lib/result.ts";
import type { ObmenProcess } from "../lib/server-process.ts";

const PATH = "/rest/currency_pair/list";

/**
 * Signed POST `/rest/currency_pair/list` against bare node:http sending the same bytes.
 * Every request carries its own freshly signed envelope (replays are refused).
 */
export async function measurePairList(
  server: ObmenProcess,
  profile: LoadProfile,
): Promise<MetricResult> {
  const captured = await captureResponse(`${server.url}${PATH}`, signedInit());
  // Enough envelopes for a round at ~3× the rate this box reaches; beyond that they are sealed live.
  const poolSize = Math.min(200_000, 10_000 * profile.durationSeconds);
  const subject = await measureLoad(
    {
      url: `${server.url}${PATH}`,
      requests: signedRequests({ path: PATH, poolSize, payloadFor: () => ({}) }),
    },
    profile,
  );
  const baselineServer = await startBaselineServer(captured);
  try {
    const baseline = await measureLoad(
      {
        url: `${baselineServer.url}${PATH}`,
        // The same request bodies, so the baseline parses as many bytes in as the subject.
        requests: signedRequests({ path: PATH, poolSize, payloadFor: () => ({}) }),
      },
      profile,
    );
    return ratioResult({
      name: "pair_list_rps",
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
