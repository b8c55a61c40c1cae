import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "@obmen/db";
import { afterAll, describe, it } from "vitest";
import { expectBackupRoundTrip } from "./support/backup-round-trip.ts";

// The embedded database: the running server makes the copy through its backup socket.
const root = mkdtempSync(path.join(os.tmpdir(), "obmen-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const openDataDir = (dataDir: string) => async () => {
  const handle = await openDatabase({ dataDir });
  return { handle, done: () => handle.close() };
};

describe("npm run backup and npm run restore on the embedded database", () => {
  it("back up a running server under load and restore it, refusing a non-empty DATA_DIR without --force", async () => {
    let targets = 0;
    const source = path.join(root, "source");
    await expectBackupRoundTrip({
      folder: root,
      source: { DATA_DIR: source, SEED_DEMO: "true" },
      openSource: openDataDir(source),
      async emptyTarget() {
        targets += 1;
        const dataDir = path.join(root, `target-${targets}`);
        return { env: { DATA_DIR: dataDir }, open: openDataDir(dataDir) };
      },
    });
  }, 240_000);
});
