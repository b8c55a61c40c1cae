import { chmodSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DatabaseHandle } from "@obmen/db";

type PGlite = Extract<DatabaseHandle["client"], { engine: "pglite" }>["pglite"];

/**
 * Online backups of the embedded database (docs/decisions/034-backups-shutdown-deployment.md).
 * PGlite lives inside the server process and its DATA_DIR is locked, so `npm run backup`
 * cannot open it while the server runs: it asks the server through this Unix socket in
 * DATA_DIR instead. A socket file is reachable only through the file system (mode 0600, in
 * the operator's data directory), never through the network or a reverse proxy on the same
 * machine, which a loopback HTTP endpoint would be.
 */
export const BACKUP_SOCKET_NAME = "obmen-backup.sock";

/** Unix socket paths are limited to 107 bytes on Linux (sun_path). */
const MAX_SOCKET_PATH = 107;

export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), BACKUP_SOCKET_NAME);
}

/**
 * A consistent copy of a running PGlite: a CHECKPOINT writes the shared buffers out, then
 * `dumpDataDir` archives the files under PGlite's query lock, between two statements. A
 * transaction open at that moment is in the archive as a crash leaves it, and PostgreSQL's
 * recovery rolls it back on the first start, exactly as after a power cut (the SIGKILL tests
 * prove that recovery).
 */
export async function dumpRunningPglite(pglite: PGlite): Promise<Blob> {
  await pglite.exec("CHECKPOINT");
  return pglite.dumpDataDir("gzip");
}

export interface BackupSocket {
  close(): Promise<void>;
}

/** Serves `POST /backup` (a gzipped tar of the data directory) on DATA_DIR's socket. */
export async function openBackupSocket(options: {
  pglite: PGlite;
  dataDir: string;
  log: { warn(message: string): void; error(details: object, message: string): void };
}): Promise<BackupSocket> {
  const socketPath = backupSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    options.log.warn(
      `online backups are off: the socket path ${socketPath} is longer than ${MAX_SOCKET_PATH} bytes (use a shorter DATA_DIR, or stop the server and run npm run backup)`,
    );
    return { close: async () => {} };
  }
  const server = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/backup") {
      response.writeHead(404).end();
      return;
    }
    void (async () => {
      try {
        const archive = await dumpRunningPglite(options.pglite);
        response.writeHead(200, {
          "content-type": "application/gzip",
          "content-length": String(archive.size),
        });
        await pipeline(Readable.fromWeb(archive.stream() as never), response);
      } catch (error) {
        options.log.error({ err: error }, "online backup failed");
        if (!response.headersSent) response.writeHead(500).end(String((error as Error).message));
        else response.destroy();
      }
    })();
  });
  // We hold the DATA_DIR lock, so a socket file here is a crashed process's leftover.
  rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
