import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, it } from "vitest";
import { expectJourneyLogsWithoutSecrets } from "./logging-journey.ts";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "obmen-logging-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("request logs of a whole journey on the embedded database", () => {
  it("are one JSON line per request with its id, and hold no secret", async () => {
    await expectJourneyLogsWithoutSecrets({
      env: { DATA_DIR: dataDir },
      trustProxy: false,
      web: true,
    });
  }, 120_000);
});
