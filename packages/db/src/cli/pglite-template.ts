// Part of `npm run build`: writes the template new PGlite data directories are unpacked from
// (pglite-template.ts), so even the first start on a new install skips initdb.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { initialisePgliteDir } from "../initialise-pglite-dir.ts";
import { pgliteTemplateFile } from "../pglite-template.ts";

if (!existsSync(pgliteTemplateFile())) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "obmen-pglite-template-"));
  try {
    await initialisePgliteDir(path.join(scratch, "pglite"));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`PGlite template written: ${pgliteTemplateFile()}`);
}
