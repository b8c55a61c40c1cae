// Run by initialise-pglite-dir.ts: `node initialise-pglite-dir.child.ts <directory>`.
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_START_PARAMS } from "./pglite-settings.ts";
import { writePgliteTemplate } from "./pglite-template.ts";

const directory = process.argv[2];
if (!directory) throw new Error("usage: initialise-pglite-dir.child.ts <directory>");
const pglite = await PGlite.create(directory, { startParams: [...PGLITE_START_PARAMS] });
// The next new data directory on this machine is unpacked from this one (pglite-template.ts).
await writePgliteTemplate(pglite);
await pglite.close();
