import type { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DatabaseLog, openDatabase } from "../src/index.ts";
import { writePgliteTemplate } from "../src/pglite-template.ts";

function recordingLog() {
  const lines: { level: "error" | "warn"; message: string; details: object }[] = [];
  const log: DatabaseLog = {
    error: (details, message) => lines.push({ level: "error", message, details }),
    warn: (details, message) => lines.push({ level: "warn", message, details }),
  };
  return { log, lines };
}

// The server's logger, not the console: a stray console line is not in the server's log format.
const consoleError = vi.spyOn(console, "error");
const consoleWarn = vi.spyOn(console, "warn");
afterEach(() => {
  consoleError.mockClear();
  consoleWarn.mockClear();
});

describe("the database package reports through the logger it is given", () => {
  it("a lost idle PostgreSQL connection", async () => {
    const { log, lines } = recordingLog();
    // No connection is opened until a query: the pool alone is enough to see where it reports.
    const handle = await openDatabase({
      databaseUrl: "postgres://127.0.0.1:1/none",
      dataDir: "",
      log,
    });
    try {
      if (handle.client.engine !== "postgres") throw new Error("expected PostgreSQL");
      handle.client.pool.emit("error", new Error("terminating connection"), undefined);
    } finally {
      await handle.close();
    }
    expect(lines).toEqual([
      expect.objectContaining({ level: "error", message: "idle PostgreSQL client error" }),
    ]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("a PGlite template that cannot be saved", async () => {
    const { log, lines } = recordingLog();
    const failing = { dumpDataDir: () => Promise.reject(new Error("no space left")) };
    await writePgliteTemplate(failing as unknown as PGlite, "migrated", log);
    expect(lines).toEqual([
      expect.objectContaining({ level: "warn", message: "could not save the PGlite template" }),
    ]);
    expect(consoleWarn).not.toHaveBeenCalled();
  });
});
