import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectAcknowledgedOrdersToSurviveSigkill } from "./support/acknowledged-orders.ts";
import { killHard, startServerProcess } from "./support/server-process.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "obmen-durability-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("no acknowledged write is lost on the embedded database", () => {
  it("finds every order answered 200 after SIGKILL, between calls and in a burst", async () => {
    await expectAcknowledgedOrdersToSurviveSigkill({ DATA_DIR: dataDir, SEED_DEMO: "true" });
  }, 240_000);
});

describe("a second npm start on a data directory in use", () => {
  it("is refused with exit code 3 and a message naming the holder", async () => {
    const holder = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: "true" });
    try {
      const second = startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: "true" });
      await expect(second).rejects.toThrow(
        `server exited with 3:\nDATA_DIR ${dataDir} is in use by another Obmen process (PID ${holder.child.pid}`,
      );
    } finally {
      await killHard(holder);
    }
  }, 120_000);
});
