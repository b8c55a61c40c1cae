import autocannon, { type Request } from "autocannon";

/** How hard and how long every HTTP metric pushes; the same for subject and baseline. */
export interface LoadProfile {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
}

export interface LoadResult {
  rps: number;
  p99Ms: number;
  /** Every round, for results.json. */
  rounds: { rps: number; p99Ms: number; non2xx: number; errors: number }[];
}

export interface LoadTarget {
  url: string;
  /** Requests to rotate through; omitted = plain GET of `url`. */
  requests?: () => Request[];
}

/**
 * A warm-up, then `rounds` timed rounds; reports the median round (by throughput) so one
 * noisy round on a shared 2-core box does not decide the figure. Any non-2xx or socket error
 * fails the metric: a fast error page is not throughput.
 */
export async function measureLoad(target: LoadTarget, profile: LoadProfile): Promise<LoadResult> {
  const run = async (durationSeconds: number) => {
    const result = await autocannon({
      url: target.url,
      connections: profile.connections,
      duration: durationSeconds,
      timeout: 10,
      ...(target.requests ? { requests: target.requests() } : {}),
    });
    return {
      rps: result.requests.total / result.duration,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
  };
  if (profile.warmupSeconds > 0) await run(profile.warmupSeconds);
  const rounds = [];
  for (let i = 0; i < profile.rounds; i++) {
    const round = await run(profile.durationSeconds);
    if (round.non2xx > 0 || round.errors > 0) {
      throw new Error(
        `${target.url}: ${round.non2xx} non-2xx responses and ${round.errors} errors in a round`,
      );
    }
    rounds.push(round);
  }
  const byRps = [...rounds].sort((a, b) => a.rps - b.rps);
  const median = byRps[Math.floor(byRps.length / 2)]!;
  return { rps: Math.round(median.rps), p99Ms: median.p99Ms, rounds };
}
