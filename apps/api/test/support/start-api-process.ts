import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("./api-process.ts", import.meta.url));

/**
 * Starts the API alone in a process of its own on `port`, against the PostgreSQL at
 * `databaseUrl`, as a replica would run: for tests of what must hold across replicas.
 * `entry` is another process script printing "ready" once it listens (default
 * api-process.ts); `env` adds to the process's environment. Resolves once it listens.
 */
export function startApiProcess(
  databaseUrl: string,
  port: number,
  options: { entry?: string; env?: Record<string, string> } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [options.entry ?? script], {
    env: { ...process.env, ...options.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`api process exited with ${code}`)));
  });
}
