import { createWriteStream, existsSync, readdirSync, renameSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { acquireDataDirLock, DataDirLockedError, openDatabase, unpackTarGz } from "@obmen/db";
import { backupSocketPath, dumpRunningPglite } from "../backup-socket.ts";

/**
 * The embedded database's side of `npm run backup` and `npm run restore`: a backup is PGlite's
 * own data-directory archive (`dumpDataDir`, a gzipped tar), taken by the running server
 * through its backup socket, or directly when no server holds DATA_DIR.
 */

function pgliteDirectory(dataDir: string): string {
  return path.join(path.resolve(dataDir), "pglite");
}

export async function backupPglite(
  dataDir: string,
  file: string,
): Promise<"from the running server" | "offline"> {
  if (!existsSync(path.join(pgliteDirectory(dataDir), "PG_VERSION")))
    throw new Error(`DATA_DIR ${path.resolve(dataDir)} holds no embedded database to back up`);
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    await askRunningServer(dataDir, file);
    return "from the running server";
  }
  try {
    if (handle.client.engine !== "pglite") throw new Error("not an embedded database");
    const archive = await dumpRunningPglite(handle.client.pglite);
    await pipeline(Readable.fromWeb(archive.stream() as never), createWriteStream(file));
    return "offline";
  } finally {
    await handle.close();
  }
}

function askRunningServer(dataDir: string, file: string): Promise<void> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const call = request({ socketPath, path: "/backup", method: "POST" }, (response) => {
      if (response.statusCode !== 200) {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk));
        response.on("end", () =>
          reject(
            new Error(`the running server refused the backup (${response.statusCode}): ${body}`),
          ),
        );
        return;
      }
      pipeline(response, createWriteStream(file)).then(resolve, reject);
    });
    call.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT" || error.code === "ECONNREFUSED"
          ? new Error(
              `DATA_DIR is locked by a running server, but its backup socket ${socketPath} does not answer (a server older than online backups, or a DATA_DIR path too long for a socket): stop the server and run the backup again`,
            )
          : error,
      ),
    );
    call.end();
  });
}

/**
 * Unpacks a backup into DATA_DIR/pglite. Always under the DATA_DIR lock: restoring under a
 * running server would corrupt both. An existing database is refused unless `force`, and then
 * kept beside the restored one (renamed), not deleted.
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  options: { force: boolean },
): Promise<{ replacedKeptAt?: string }> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const directory = pgliteDirectory(dataDir);
    let replacedKeptAt: string | undefined;
    if (existsSync(directory) && readdirSync(directory).length > 0) {
      if (!options.force) throw new NotEmptyError(`DATA_DIR ${path.resolve(dataDir)}`);
      replacedKeptAt = `${directory}.replaced-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      renameSync(directory, replacedKeptAt);
    }
    // The archive was taken from a running cluster: its lock file describes that process only.
    await unpackTarGz(file, directory, { skip: (name) => name === "postmaster.pid" });
    return replacedKeptAt ? { replacedKeptAt } : {};
  } finally {
    lock.release();
  }
}

export class NotEmptyError extends Error {
  constructor(what: string) {
    super(
      `${what} already holds a database: restore refuses to overwrite it. Restore into an empty one, or add --force to replace it.`,
    );
    this.name = "NotEmptyError";
  }
}
