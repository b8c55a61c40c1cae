import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { onCleanup } from "./cleanup.ts";
import { freePort, waitForStatus } from "./ports.ts";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/** The bench's own API client: fixed keys, so the bench can sign what it sends. */
export const BENCH_CLIENT = {
  publicKey: "pk_bench_client_0001",
  secret: "bench-secret-".padEnd(48, "x"),
} as const;

export type Engine = "pglite" | "postgres";

export interface ObmenProcess {
  engine: Engine;
  url: string;
  pid: number;
  /** Fresh DATA_DIR (or fresh database) to the first 200 on `/`. */
  coldStartMs: number;
  /** Resident set size now, from /proc/<pid>/status. */
  rssMb(): number;
  stop(): Promise<void>;
  /** The last lines the server printed, for error messages. */
  output(): string;
}

const MAIN = "apps/server/src/main.ts";

/**
 * The Node options `npm start` gives the server (the memory settings in package.json's
 * `start` script), so the bench measures the process as it is deployed.
 */
function startScriptNodeOptions(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const command = pkg.scripts.start?.split("&&").find((part) => part.includes(MAIN));
  if (!command) throw new Error(`package.json's start script does not run ${MAIN}`);
  const words = command.trim().split(/\s+/);
  return words.slice(1, words.indexOf(MAIN)).filter((word) => word.startsWith("--"));
}

/**
 * Starts the real server (`node apps/server/src/main.ts`) as a child process, exactly as
 * `npm start` runs it after the build (with its Node options): fresh DATA_DIR, a free
 * loopback port, LOG_LEVEL=warn.
 */
export async function startObmen(options: {
  engine: Engine;
  databaseUrl?: string;
  extraEnv?: Record<string, string>;
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<ObmenProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "obmen-bench-"));
  const removeDir = onCleanup(`data dir ${dataDir}`, () =>
    rmSync(dataDir, { recursive: true, force: true }),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(DATABASE_URL|API_URL|REDIS_URL|SMTP_URL|PORT|HOST)$/.test(key)) {
      env[key] = value;
    }
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    API_PUBLIC_KEY: BENCH_CLIENT.publicKey,
    API_SECRET: BENCH_CLIENT.secret,
    CAPTCHA_PROVIDER: "none",
    // Many orders, updates and receipts from a few fixed IPs: the harness measures and tests
    // the calls, not their per-IP budgets (decision 036), so it sets budgets nothing reaches.
    RATE_LIMIT_ORDER_CREATE: "999999999/60",
    RATE_LIMIT_ORDER_UPDATE: "999999999/60",
    RATE_LIMIT_RECEIPT: "999999999/60",
    RATE_LIMIT_REVIEW: "999999999/60",
    // PostgreSQL gets the demo catalogue only when asked (docs/decisions/018-demo-data.md).
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, SEED_DEMO: "true" } : {}),
    ...options.extraEnv,
  });

  let log = "";
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...startScriptNodeOptions(), ...(options.nodeArgs ?? []), MAIN],
    { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let alive = true;
  void exited.then(() => {
    alive = false;
  });

  const stop = async () => {
    if (alive) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 8_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const unregisterStop = onCleanup(`server pid ${child.pid}`, stop);

  try {
    await waitForStatus(`${url}/`, {
      timeoutMs: options.timeoutMs ?? 60_000,
      isAlive: () => alive,
    });
  } catch (error) {
    await unregisterStop();
    await removeDir();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log}`);
  }
  const coldStartMs = performance.now() - started;

  return {
    engine: options.engine,
    url,
    pid: child.pid!,
    coldStartMs,
    rssMb: () => readRssMb(child.pid!),
    output: () => log,
    async stop() {
      await unregisterStop();
      await removeDir();
    },
  };
}

function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
