// Run by initialise-pglite-dir.ts:
// `node initialise-pglite-dir.child.ts <directory> [--migrate-and-seed [--no-demo]]`.
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "./migrate.ts";
import { PGLITE_START_PARAMS } from "./pglite-settings.ts";
import { unpackPgliteTemplate, writePgliteTemplate } from "./pglite-template.ts";
import * as schema from "./schema/index.ts";
import { seedContent } from "./seed/seed-content.ts";
import { seedDemoCatalogue } from "./seed/seed-demo-catalogue.ts";

const [directory, ...flags] = process.argv.slice(2);
if (!directory)
  throw new Error(
    "usage: initialise-pglite-dir.child.ts <directory> [--migrate-and-seed [--no-demo]]",
  );
const migrateAndSeed = flags.includes("--migrate-and-seed");
const demo = !flags.includes("--no-demo");

const unpacked = migrateAndSeed && (await unpackPgliteTemplate(directory));
const pglite = await PGlite.create(directory, { startParams: [...PGLITE_START_PARAMS] });
try {
  // The next new data directory on this machine is unpacked from this one (pglite-template.ts),
  // so the template is taken before any schema or data goes in.
  if (!unpacked) await writePgliteTemplate(pglite);
  if (migrateAndSeed) {
    // What the server does on every start (start-server.ts), minus what depends on its
    // configuration (the web tier's API client; SEED_DEMO arrives as --no-demo).
    const db = drizzle({ client: pglite, schema });
    await migrate(db, { migrationsFolder });
    if (demo) await seedDemoCatalogue(db);
    await seedContent(db);
    await pglite.exec("checkpoint");
    await writePgliteTemplate(pglite, demo ? "seeded" : "migrated");
  }
} finally {
  await pglite.close();
}
