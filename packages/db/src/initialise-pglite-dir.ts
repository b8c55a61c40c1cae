import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DatabaseLog, stderrLog } from "./database-log.ts";
import { unpackPgliteTemplate } from "./pglite-template.ts";

const CHILD_SCRIPT = fileURLToPath(new URL("./initialise-pglite-dir.child.ts", import.meta.url));

export type InitialisePgliteDirOptions = {
  /**
   * Also apply the migrations and load the shipped texts and (see `demo`) the demo catalogue,
   * in the same child process. For the server's first start: see below.
   */
  migrateAndSeed?: boolean;
  /**
   * With `migrateAndSeed`: load the demo catalogue too (default true). False for
   * `SEED_DEMO=false` (docs/decisions/018-demo-data.md): the directory then comes from the
   * `migrated` template, which has the schema and the texts but no catalogue.
   */
  demo?: boolean;
  /** Where a template that cannot be read is reported (default: stderr). */
  log?: DatabaseLog;
};

/**
 * Readies a PGlite data directory: nothing to do when it already holds a database; a new one
 * is unpacked from the template of an empty cluster (pglite-template.ts), or, on a machine
 * without a template yet, created by initdb. initdb runs two extra WebAssembly instances
 * (PGlite's own and initdb's); their memory is freed afterwards, but the allocator keeps it
 * resident (about 170 MB) in whatever process ran them for as long as that process lives, so
 * initdb runs in a short-lived child process.
 *
 * The same holds, on a smaller scale, for the first migrations and seeds: writing the whole
 * schema and catalogue leaves 35–50 MB of freed allocator memory resident in the process that
 * did it (measured on the server, docs/performance.md). With `migrateAndSeed` the child does
 * that work too, so the server opens a ready directory as on any restart; its own migrate and
 * seed calls then find nothing to do. Should the child fail after creating the cluster, the
 * server's calls finish the job: the migrations and both seeds are idempotent. The child saves
 * its result as the `seeded` template (pglite-template.ts), so the next new directory of this
 * checkout is only unpacked: no child, no migrations, no seeds. Without the demo it saves the
 * `migrated` template instead, made on the first such start rather than by the build, since
 * the embedded database without the demo is the rarer choice.
 */
export async function initialisePgliteDir(
  directory: string,
  options: InitialisePgliteDirOptions = {},
): Promise<void> {
  if (existsSync(path.join(directory, "PG_VERSION"))) return;
  const log = options.log ?? stderrLog;
  if (options.migrateAndSeed) {
    const demo = options.demo ?? true;
    if (!(await unpackPgliteTemplate(directory, demo ? "seeded" : "migrated", log))) {
      await runChild(
        directory,
        demo ? ["--migrate-and-seed"] : ["--migrate-and-seed", "--no-demo"],
      );
    }
  } else if (!(await unpackPgliteTemplate(directory, "empty", log))) await runChild(directory, []);
}

function runChild(directory: string, flags: string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD_SCRIPT, directory, ...flags], {
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
