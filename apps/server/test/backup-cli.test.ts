import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./support/operations.ts";

// The refusals of npm run backup / restore that need no database: each says what to do.
const folder = mkdtempSync(path.join(os.tmpdir(), "obmen-backup-cli-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("npm run backup and npm run restore refuse clearly", () => {
  it("backup without --out prints its usage (exit 2)", async () => {
    const answer = await runCli("backup", [], { DATA_DIR: folder });
    expect(answer.code).toBe(2);
    expect(answer.output).toContain("Usage: npm run backup -- --out FILE");
  });

  it("backup of a DATA_DIR without a database fails and leaves no file", async () => {
    const out = path.join(folder, "nothing.backup");
    const answer = await runCli("backup", ["--out", out], { DATA_DIR: path.join(folder, "empty") });
    expect(answer.code).toBe(1);
    expect(answer.output).toContain("holds no embedded database to back up");
    expect(existsSync(out) || existsSync(`${out}.partial`)).toBe(false);
  });

  it("restore refuses a PostgreSQL backup on the embedded database, and a file that is no backup", async () => {
    const pgDump = path.join(folder, "postgres.backup");
    writeFileSync(pgDump, "PGDMP\u0001\u000e\u0000");
    const crossed = await runCli("restore", [pgDump], { DATA_DIR: path.join(folder, "target") });
    expect(crossed.code).toBe(2);
    expect(crossed.output).toContain("is a backup of PostgreSQL (pg_dump)");

    const text = path.join(folder, "notes.txt");
    writeFileSync(text, "not a backup");
    const other = await runCli("restore", [text], { DATA_DIR: path.join(folder, "target") });
    expect(other.code).toBe(1);
    expect(other.output).toContain("is not a backup of npm run backup");
  });
});
