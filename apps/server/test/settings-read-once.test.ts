import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Settings are parsed once, in apps/server/src/config.ts, and reach code through the API's
 * dependencies (issue 31 point 3, STYLE.md): a `process.env` read anywhere else is a setting
 * that escaped the schema (unvalidated, undocumented, read at an odd time). Only the entry
 * points may touch the environment: the server's (which hands it to parseConfig), the CLIs',
 * and the test harness's database helper (TEST_DATABASE_URL, never read in production).
 */
const ROOT = join(import.meta.dirname, "../../..");
const SOURCE_DIRS = [
  "apps/api/src",
  "apps/server/src",
  "apps/web/app",
  "apps/web/server",
  "apps/admin/src",
  "packages",
];
const ALLOWED = [
  /^apps\/server\/src\/config\.ts$/,
  /^apps\/server\/src\/run-server\.ts$/,
  /^apps\/server\/src\/cli\/[^/]+\.ts$/,
  /^packages\/db\/src\/testing\.ts$/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ["node_modules", "test", "build", "dist"].includes(entry.name)
        ? []
        : sourceFiles(path);
    }
    return /\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("settings read once", () => {
  it("no process.env outside the config and the entry points", () => {
    const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const readers = files
      .filter((file) => /process\.env\b|import\.meta\.env\b/.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file))
      .filter((file) => !ALLOWED.some((allowed) => allowed.test(file)));
    expect(readers).toEqual([]);
  });
});
