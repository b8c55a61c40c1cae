// Part of `npm run build`: writes the templates new PGlite data directories are unpacked from
// (pglite-template.ts), so even the first start on a new install skips initdb, migrations and
// seeds.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { initialisePgliteDir } from "../initialise-pglite-dir.ts";
import { pgliteTemplateFile } from "../pglite-template.ts";

// The seeded template's child writes the empty one too when it is missing.
if (!existsSync(pgliteTemplateFile()) || !existsSync(pgliteTemplateFile("seeded"))) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "obmen-pglite-template-"));
  try {
    await initialisePgliteDir(path.join(scratch, "pglite"), { migrateAndSeed: true });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`PGlite templates written: ${pgliteTemplateFile()}, ${pgliteTemplateFile("seeded")}`);
}
