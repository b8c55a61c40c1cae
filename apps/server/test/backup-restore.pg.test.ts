import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
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
    let restored: TestDatabase | undefined;
    await expectBackupRoundTrip({
      folder,
      source: { DATABASE_URL: source.databaseUrl, SEED_DEMO: "false" },
      openSource: opened(source),
      async emptyTarget() {
        const target = await createTestDatabase({ migrate: false });
        databases.push(target);
        restored = target;
        return {
          env: { DATABASE_URL: target.databaseUrl, SEED_DEMO: "false" },
          open: opened(target),
        };
      },
    });
    // The restore gathered statistics: a table never analyzed has reltuples -1.
    const { rows } = await restored!.db.execute<{ relname: string }>(
      sql`select relname from pg_class where relkind = 'r' and reltuples < 0
            and relnamespace = 'public'::regnamespace`,
    );
    expect(rows.map((row) => row.relname)).toEqual([]);
  }, 240_000);
});
