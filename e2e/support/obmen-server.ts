import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const NODE = fileURLToPath(new URL("../../node_modules/.bin/node", import.meta.url));
const MAIN = fileURLToPath(new URL("../../apps/server/src/main.ts", import.meta.url));

export interface RunningObmen {
  url: string;
  stop(): Promise<void>;
}

/**
 * A second Obmen process with its own configuration (the suite's main server cannot change
 * its environment per test): built site, fresh embedded database in a temporary directory.
 */
export async function startObmen(options: {
  port: number;
  env?: Record<string, string>;
}): Promise<RunningObmen> {
  const dataDir = mkdtempSync(join(tmpdir(), "obmen-e2e-extra-"));
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(NODE, [MAIN], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CAPTCHA_PROVIDER: "none",
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`${url}/healthz`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Obmen exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Obmen did not become healthy at ${url}:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/** A tiny HTTP server on a free loopback port, for third parties the site talks to. */
export async function startLoopback(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<LoopbackServer> {
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on: connecting to it is refused at once. */
export async function closedPort(): Promise<number> {
  const server = await startLoopback(() => {});
  const port = Number(new URL(server.url).port);
  await server.close();
  return port;
}
