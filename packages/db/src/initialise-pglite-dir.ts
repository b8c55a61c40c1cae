import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unpackPgliteTemplate } from "./pglite-template.ts";

const CHILD_SCRIPT = fileURLToPath(new URL("./initialise-pglite-dir.child.ts", import.meta.url));

/**
 * Readies a PGlite data directory: nothing to do when it already holds a database; a new one
 * is unpacked from the template of an empty cluster (pglite-template.ts), or, on a machine
 * without a template yet, created by initdb in a short-lived child process. initdb runs two extra WebAssembly instances (PGlite's own and initdb's); their memory is
 * freed afterwards, but the allocator keeps about 170 MB of it resident in whatever process
 * ran them for as long as that process lives. Run elsewhere, a first start costs as little
 * memory as any later one.
 */
export async function initialisePgliteDir(directory: string): Promise<void> {
  if (existsSync(path.join(directory, "PG_VERSION"))) return;
  if (!unpackPgliteTemplate(directory)) await runInitdb(directory);
}

function runInitdb(directory: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD_SCRIPT, directory], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4_000);
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `Creating the embedded database in ${directory} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`,
          ),
        );
    });
  });
}
