import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { onCleanup } from "../lib/cleanup.ts";
import type { LoadProfile } from "../lib/load.ts";

const run = promisify(execFile);

/**
 * The statements of one `/rest/ref_withdrawal/create` as the app sends them
 * (docs/decisions/041-withdrawal-create-batched.md): the replay guard's insert and the session
 * with its user in one statement, as the app sends it for a call that goes alone
 * (account/sessions/remember-and-resolve-sessions.ts, http/replay-guard.ts),
 * then the call of `create_withdrawal` that locks the partner's row, sums its available balance
 * and writes the request, the entry and its two lines. The payout currency and its fields come
 * from the app's cache, so neither side reads them. A random partner of the bench's 1,000 per
 * transaction (`bench_partners`, made by the metric), looked up inside each statement, as the
 * HTTP load spreads them; one request per transaction: a pgbench client is one partner and
 * cannot batch, while the app puts the calls that arrive during its previous one into one
 * statement (both statements are batched: remember-and-resolve-sessions.ts,
 * new-withdrawal-queue.ts).
 */
const SCRIPT = `
\\set n random(1, 1000)
WITH input AS (SELECT i.signature, i.expires_at, i.token_hash, i.position FROM unnest(ARRAY[md5(random()::text) || md5(random()::text)], ARRAY[now() + interval '5 minutes'], ARRAY[(SELECT token_hash FROM bench_partners WHERE n = :n)]) WITH ORDINALITY AS i(signature, expires_at, token_hash, position)), seen AS (INSERT INTO seen_signatures (signature, expires_at) SELECT signature, expires_at FROM input ON CONFLICT (signature) DO UPDATE SET expires_at = excluded.expires_at WHERE seen_signatures.expires_at < now() RETURNING signature) SELECT exists (SELECT 1 FROM seen WHERE seen.signature = input.signature), s.*, u.* FROM input LEFT JOIN user_sessions s ON s.token_hash = input.token_hash AND s.revoked_at IS NULL AND s.expires_at > now() LEFT JOIN users u ON u.id = s.user_id ORDER BY input.position;
SELECT create_withdrawal(p.user_id, :cid, 'USDT', 10, :fields::jsonb) FROM bench_partners p WHERE p.n = :n;
`;

export interface WithdrawalPgbenchResult {
  tps: number;
  p99Ms: number;
  rounds: number[];
}

/** pgbench at the profile's connections: warm-up, rounds, the median round by tps. */
export async function runWithdrawalPgbench(options: {
  pgbench: string;
  databaseUrl: string;
  profile: LoadProfile;
  currencyId: number;
  fields: string;
}): Promise<WithdrawalPgbenchResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "obmen-bench-withdrawal-"));
  const removeDir = onCleanup(`pgbench dir ${dir}`, () =>
    rmSync(dir, { recursive: true, force: true }),
  );
  try {
    const script = path.join(dir, "withdrawal.sql");
    writeFileSync(script, SCRIPT);
    let runs = 0;
    const once = async (seconds: number) => {
      const logPrefix = path.join(dir, `round-${runs++}`);
      const { stdout } = await run(
        options.pgbench,
        [
          "-n",
          "-M",
          "prepared",
          "-c",
          String(options.profile.connections),
          "-j",
          "2",
          "-T",
          String(seconds),
          "-l",
          `--log-prefix=${logPrefix}`,
          "-f",
          script,
          "-D",
          `cid=${options.currencyId}`,
          "-D",
          `fields=${options.fields}`,
          options.databaseUrl,
        ],
        { cwd: dir, timeout: (seconds + 30) * 1_000, maxBuffer: 16 * 1024 * 1024 },
      );
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
      const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
      if (!Number.isFinite(tps) || failed > 0) throw new Error(`pgbench: ${stdout.slice(-1_000)}`);
      return { tps, p99: p99FromLogs(dir, path.basename(logPrefix)) };
    };
    if (options.profile.warmupSeconds > 0) await once(options.profile.warmupSeconds);
    const rounds = [];
    for (let i = 0; i < options.profile.rounds; i++)
      rounds.push(await once(options.profile.durationSeconds));
    const median = [...rounds].sort((a, b) => a.tps - b.tps)[Math.floor(rounds.length / 2)]!;
    return { tps: median.tps, p99Ms: median.p99, rounds: rounds.map((r) => Math.round(r.tps)) };
  } finally {
    await removeDir();
  }
}

/** pgbench `-l` writes `client tx latency_us script epoch us` per transaction, a file per thread. */
function p99FromLogs(dir: string, prefix: string): number {
  const latencies: number[] = [];
  for (const file of readdirSync(dir).filter((name) => name.startsWith(`${prefix}.`))) {
    for (const line of readFileSync(path.join(dir, file), "utf8").split("\n")) {
      const micros = Number(line.split(" ")[2]);
      if (line && Number.isFinite(micros)) latencies.push(micros / 1_000);
    }
  }
  if (latencies.length === 0) return Number.NaN;
  latencies.sort((a, b) => a - b);
  return Math.round(
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!,
  );
}
