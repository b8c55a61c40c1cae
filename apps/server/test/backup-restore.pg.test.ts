import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, describe, it } from "vitest";
import { expectBackupRoundTrip } from "./support/backup-round-trip.ts";

// PostgreSQL: pg_dump's custom format and pg_restore, from Debian's postgresql-client.
const folder = mkdtempSync(path.join(os.tmpdir(), "obmen-backup-pg-"));
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.close();
  rmSync(folder, { recursive: true, force: true });
});

const opened = (database: TestDatabase) => async () => ({ handle: database, done: async () => {} });

describe("npm run backup and npm run restore on PostgreSQL", () => {
  it("back up a database under load and restore it, refusing a non-empty database without --force", async () => {
    const source = await createTestDatabase({ seed: true });
    databases.push(source);
    await expectBackupRoundTrip({
      folder,
      source: { DATABASE_URL: source.databaseUrl, SEED_DEMO: "false" },
      openSource: opened(source),
      async emptyTarget() {
        const target = await createTestDatabase({ migrate: false });
        databases.push(target);
        return {
          env: { DATABASE_URL: target.databaseUrl, SEED_DEMO: "false" },
          open: opened(target),
        };
      },
    });
  }, 240_000);
});
