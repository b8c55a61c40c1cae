import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "../src/index.ts";
import { initialisePgliteDir } from "../src/initialise-pglite-dir.ts";
import { hashFiles, pgliteTemplateFile, unpackPgliteTemplate } from "../src/pglite-template.ts";
import { tempDirs } from "./support/temp-dirs.ts";

/** Every file under `root` with its size, sorted (initdb's output varies only in contents). */
function filesOf(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return `${path.relative(root, full)} ${statSync(full).size}`;
    })
    .sort();
}

const tempDir = tempDirs("obmen-template-");

describe("new PGlite data directories", () => {
  it("run initdb once, save the result, and are unpacked from it afterwards", async () => {
    // Without a template (another test process may be using it: it then runs initdb too).
    rmSync(pgliteTemplateFile(), { force: true });
    const first = path.join(tempDir(), "pglite");
    await initialisePgliteDir(first);
    expect(existsSync(path.join(first, "PG_VERSION"))).toBe(true);
    expect(existsSync(pgliteTemplateFile())).toBe(true);

    // The template is initdb's output, file for file.
    const next = path.join(tempDir(), "pglite");
    expect(await unpackPgliteTemplate(next)).toBe(true);
    expect(filesOf(next)).toEqual(filesOf(first));
  });

  it("open from the template as a working database that keeps its data", async () => {
    const dataDir = tempDir();
    const opened = await openDatabase({ dataDir });
    await migrateDatabase(opened);
    await opened.db.execute(sql`create table template_probe (value text)`);
    await opened.db.execute(sql`insert into template_probe values ('kept')`);
    await opened.close();

    const reopened = await openDatabase({ dataDir });
    try {
      const result = await reopened.db.execute<{ value: string }>(
        sql`select value from template_probe`,
      );
      expect(result.rows).toEqual([{ value: "kept" }]);
    } finally {
      await reopened.close();
    }
  });
});

describe("the seeded template", () => {
  it("is written by the first migrated-and-seeded directory and unpacked for the next", async () => {
    // Without one (another test process may be using it: it then makes one too).
    rmSync(pgliteTemplateFile("seeded"), { force: true });
    const first = path.join(tempDir(), "pglite");
    await initialisePgliteDir(first, { migrateAndSeed: true });
    expect(existsSync(pgliteTemplateFile("seeded"))).toBe(true);

    const dataDir = tempDir();
    expect(await unpackPgliteTemplate(path.join(dataDir, "pglite"), "seeded")).toBe(true);
    const opened = await openDatabase({ dataDir });
    try {
      const result = await opened.db.execute<{ pairs: number }>(
        sql`select count(*)::int as pairs from currency_pairs`,
      );
      expect(result.rows[0]!.pairs).toBeGreaterThan(0);
    } finally {
      await opened.close();
    }
  });

  it("is keyed by the bytes and names of its sources", () => {
    const root = tempDir();
    writeFileSync(path.join(root, "0001.sql"), "create table a ();");
    const before = hashFiles([root]);
    expect(hashFiles([root])).toBe(before);
    writeFileSync(path.join(root, "0001.sql"), "create table b ();");
    const edited = hashFiles([root]);
    expect(edited).not.toBe(before);
    mkdirSync(path.join(root, "seed"));
    writeFileSync(path.join(root, "seed", "text.md"), "");
    expect(hashFiles([root])).not.toBe(edited);
  });
});
