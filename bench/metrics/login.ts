import { readFileSync } from "node:fs";
import {
  hashPassword,
  verifyPassword,
} from "../../apps/api/src/account/password/password-hashing.ts";
import { signedInit, signedRequests } from "../lib/envelopes.ts";
import { type LoadProfile, measureLoad } from "../lib/load.ts";
import { withDatabase } from "../lib/postgres.ts";
import { type MetricResult, ratioResult } from "../lib/result.ts";
import type { ObmenProcess } from "../lib/server-process.ts";

const PASSWORD = "bench-login-password-71";

/**
 * `login_rps` (issue 13): successful logins per second through HTTP (`/rest/user/login`: the
 * limiter's checks, the argon2id verify, a new session row) against a bare argon2id verify
 * loop with the same parameters (password-hashing.ts), at the same concurrency, in this
 * process while the server idles. The hash should dominate; the ratio says how much the rest
 * costs. Each request comes from its own client IP (an IPv6 documentation address), as real
 * users do, so the per-IP budget (30 a minute) never throttles the bench, and the limiter's
 * work is measured as it is in production: one counter per IP, per request.
 */
export async function measureLoginRps(
  server: ObmenProcess,
  profile: LoadProfile,
  options: { databaseUrl?: string } = {},
): Promise<MetricResult> {
  const email = `bench-login-${Date.now().toString(36)}@example.com`;
  await createConfirmedUser(server, email);
  // Rounds interleaved (verify loop, then logins, and again): on a shared box the load of the
  // moment weighs on both sides of each pair alike.
  const loop = verifyLoop(profile);
  const load = { url: `${server.url}/rest/user/login`, requests: loginRequests(email) };
  const round = { ...profile, rounds: 1, warmupSeconds: 0 };
  if (options.databaseUrl) await seedOtherVisitorsCounters(options.databaseUrl);
  await loop.run(profile.warmupSeconds);
  await measureLoad(load, { ...round, durationSeconds: profile.warmupSeconds || 1 });
  const pairs = [];
  let loginCpuMs = 0;
  let logins = 0;
  for (let i = 0; i < profile.rounds; i++) {
    const baselineRps = await loop.run(profile.durationSeconds);
    const cpuBefore = processCpuMs(server.pid);
    const subjectRound = await measureLoad(load, round);
    loginCpuMs += processCpuMs(server.pid) - cpuBefore;
    logins += subjectRound.rounds[0]!.rps * profile.durationSeconds;
    pairs.push({ baselineRps, subject: subjectRound.rounds[0]! });
  }
  const median = <T>(values: T[], by: (value: T) => number) =>
    [...values].sort((a, b) => by(a) - by(b))[Math.floor(values.length / 2)]!;
  const baseline = median(pairs, (pair) => pair.baselineRps).baselineRps;
  const subject = {
    rps: Math.round(median(pairs, (pair) => pair.subject.rps).subject.rps),
    p99Ms: median(pairs, (pair) => pair.subject.p99Ms).subject.p99Ms,
    rounds: pairs.map((pair) => ({ ...pair.subject, baseline_rps: Math.round(pair.baselineRps) })),
  };
  return ratioResult({
    name: "login_rps",
    engine: server.engine,
    value: subject.rps,
    unit: "req/s",
    baseline: `bare argon2id verify loop, ${profile.connections} at once, same parameters`,
    baselineValue: baseline,
    minRatio: 0.8,
    p99Ms: subject.p99Ms,
    details: {
      connections: profile.connections,
      rounds: subject.rounds,
      // CPU time, which the box's other load does not inflate as it does wall time: the
      // server process's per login against the loop's per verify.
      server_cpu_ms_per_login: Math.round((loginCpuMs / logins) * 100) / 100,
      cpu_ms_per_verify: Math.round(loop.cpuMsPerVerify() * 100) / 100,
      per_login_ms_beyond_the_hash: Math.round((1000 / subject.rps - 1000 / baseline) * 100) / 100,
    },
  });
}

/**
 * What a live exchange's counter table holds: the request budgets of the last hour's other
 * visitors (10,000 addresses, half of them past their window, not yet swept), analyzed. The
 * server's database was created empty for the bench; a counter table planned while nearly
 * empty is read by sequential scans on every pooled connection while the run fills it, until
 * autovacuum analyzes it, which a run of a minute does not live to see (decision 043).
 */
async function seedOtherVisitorsCounters(databaseUrl: string) {
  await withDatabase(databaseUrl, async (client) => {
    await client.query(
      `insert into rate_limits (key, points, expire)
       select 'obmen:req_login:10.' || (n / 65536) || '.' || (n / 256 % 256) || '.' || (n % 256),
         1 + n % 5, $1::bigint + (n % 2) * 3600000 - n * 300
       from generate_series(1, 10000) n on conflict do nothing`,
      [Date.now() - 1_800_000],
    );
    // That table only: analyzing the others now, while orders and the like are still empty,
    // would plan the later metrics' foreign-key checks as sequential scans (decision 043).
    await client.query("analyze rate_limits");
  });
}

/** Verifications per second: `connections` loops verifying the right password, timed. */
function verifyLoop(profile: LoadProfile) {
  const hash = hashPassword(PASSWORD);
  let cpuMs = 0;
  let verifies = 0;
  return {
    cpuMsPerVerify: () => cpuMs / verifies,
    async run(seconds: number): Promise<number> {
      const known = await hash;
      const endAt = performance.now() + seconds * 1000;
      let count = 0;
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await Promise.all(
        Array.from({ length: profile.connections }, async () => {
          while (performance.now() < endAt) {
            if (!(await verifyPassword(known, PASSWORD))) throw new Error("the verify failed");
            count++;
          }
        }),
      );
      const cpu = process.cpuUsage(cpuBefore);
      cpuMs += (cpu.user + cpu.system) / 1000;
      verifies += count;
      return count / ((performance.now() - started) / 1000);
    },
  };
}

/**
 * Logins sealed ahead of each run, as the other metrics' requests are (sealing is the client's
 * cost, and on this box the client shares the server's cores), each from its own client IP.
 */
function loginRequests(email: string) {
  return signedRequests({
    path: "/rest/user/login",
    poolSize: 5_000,
    payloadFor: () => ({ email, password: PASSWORD }),
    ipFor: (index) =>
      `2001:db8:${(index >>> 16).toString(16)}:${(index & 0xffff).toString(16)}::${Math.floor(Math.random() * 0xffff).toString(16)}`,
  });
}

/** Registers through the API and follows the confirmation link from the dev mailbox. */
async function createConfirmedUser(server: ObmenProcess, email: string) {
  const registered = await fetch(
    `${server.url}/rest/user/register`,
    signedInit({ email, password: PASSWORD, agreement: true }),
  );
  if (registered.status !== 200) throw new Error(`register: ${await registered.text()}`);
  const mailbox = await (await fetch(`${server.url}/dev/mailbox`)).text();
  const id = new RegExp(
    `<td>${email.replace(/[.]/g, "\\.")}</td>\\s*<td><a href="/dev/mailbox/(\\d+)"`,
  ).exec(mailbox)?.[1];
  if (!id) throw new Error("no confirmation letter in the dev mailbox");
  const letter = await (await fetch(`${server.url}/dev/mailbox/${id}/text`)).text();
  const token = /\/confirm\/([a-z2-7]{32})\b/.exec(letter)?.[1];
  if (!token) throw new Error("no confirmation link in the letter");
  const confirmed = await fetch(
    `${server.url}/rest/user/confirm`,
    signedInit({ confirm_token: token }),
  );
  if (confirmed.status !== 200) throw new Error(`confirm: ${await confirmed.text()}`);
}

/** User and system CPU time of a process so far, from /proc (clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's ")".
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
