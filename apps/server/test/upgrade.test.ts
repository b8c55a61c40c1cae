import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "@obmen/db";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { stopGracefully } from "./support/operations.ts";
import {
  appliedMigrations,
  currentMigrationCount,
  preparePreviousRelease,
} from "./support/previous-release.ts";
import { signedCall, startServerProcess } from "./support/server-process.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "obmen-upgrade-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("upgrading the embedded database from the previous release", () => {
  it("the new release starts on the old DATA_DIR, migrates it forward and serves its order", async () => {
    const old = await openDatabase({ dataDir });
    const orderId = await preparePreviousRelease(old);
    await old.close();

    const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    try {
      const info = await signedCall(server.url, "/rest/exchange/info", { exchange_uuid: orderId });
      expect(info?.status, server.output()).toBe(200);
      expect(info?.body.data).toMatchObject({ exchange_uuid: orderId, exchange_status: "new" });
    } finally {
      expect(await stopGracefully(server), server.output()).toBe(0);
    }

    const upgraded = await openDatabase({ dataDir });
    try {
      expect(await appliedMigrations(upgraded)).toBe(currentMigrationCount());
      // A table of the newest migration exists, empty.
      const partners = await upgraded.db.execute<{ count: number }>(
        sql`select count(*)::int as count from affiliate_partners`,
      );
      expect(partners.rows[0]?.count).toBe(0);
    } finally {
      await upgraded.close();
    }
  }, 120_000);
});
