import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("./api-process.ts", import.meta.url));

/**
 * Starts the API alone in a process of its own on `port`, against the PostgreSQL at
 * `databaseUrl`, as a replica would run: for tests of what must hold across replicas.
 * Resolves once it listens.
 */
export function startApiProcess(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`api process exited with ${code}`)));
  });
}
