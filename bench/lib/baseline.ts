import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { onCleanup } from "./cleanup.ts";
import { freePort, waitForStatus } from "./ports.ts";

/** Headers worth copying from the real response so the baseline sends the same bytes. */
const COPIED_HEADERS = [
  "content-type",
  "content-encoding",
  "etag",
  "last-modified",
  "cache-control",
];

export interface CapturedResponse {
  body: Buffer;
  headers: Record<string, string>;
}

/** Fetches one response from the real server, to be replayed by the baseline. */
export async function captureResponse(url: string, init?: RequestInit): Promise<CapturedResponse> {
  const response = await fetch(url, init);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const name of COPIED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  return { body, headers };
}

export interface BaselineServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts `baseline-server.ts` in a child process serving `captured`. */
export async function startBaselineServer(captured: CapturedResponse): Promise<BaselineServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "obmen-bench-baseline-"));
  const removeDir = onCleanup(`baseline dir ${dir}`, () =>
    rmSync(dir, { recursive: true, force: true }),
  );
  const bodyFile = path.join(dir, "body");
  writeFileSync(bodyFile, captured.body);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, "baseline-server.ts"),
      bodyFile,
      JSON.stringify(captured.headers),
      String(port),
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let alive = true;
  void exited.then(() => {
    alive = false;
  });
  const stopChild = onCleanup(`baseline pid ${child.pid}`, async () => {
    if (alive) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
      await exited;
      clearTimeout(timer);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForStatus(`${url}/`, { timeoutMs: 10_000, isAlive: () => alive });
  return {
    url,
    async stop() {
      await stopChild();
      await removeDir();
    },
  };
}
