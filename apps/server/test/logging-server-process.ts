import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

// `npm start` itself (main.ts, the site included), or without the web tier: the same start,
// configuration and logging either way.
const withSite = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const apiOnly = fileURLToPath(new URL("./support/api-only-main.ts", import.meta.url));

export interface LoggingServer {
  url: string;
  stdout: () => string;
  stderr: () => string;
  stop: () => Promise<void>;
}

/**
 * The server as an operator runs it (with the site when `web`; its build must exist), logging
 * at `info` to its stdout, on `env`'s database and keys; resolves once `/healthz` answers 200.
 */
export async function startLoggingServer(
  env: Record<string, string>,
  web: boolean,
): Promise<LoggingServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let stdout = "";
  let stderr = "";
  const child: ChildProcess = spawn(process.execPath, [web ? withSite : apiOnly], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      LOG_LEVEL: "info",
      CAPTCHA_PROVIDER: "none",
      SEED_DEMO: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const failed = exited.then(() => {
    throw new Error(`server exited:\n${stdout}\n${stderr}`);
  });
  const healthy = (async () => {
    for (;;) {
      const answer = await fetch(`${url}/healthz`).catch(() => null);
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([healthy, failed]);
  failed.catch(() => {});
  return {
    url,
    stdout: () => stdout,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
