// `npm run db:seed`: migrates, brings in the site texts (seed-content.ts) and, where the demo
// belongs (shouldSeedDemo: the embedded database, or SEED_DEMO=true), loads the demo catalogue
// into an empty database (a database that already has currencies is left as it is).
import { openDatabase } from "../connection.ts";
import { migrateDatabase } from "../migrate.ts";
import { seedContent } from "../seed/seed-content.ts";
import { seedDemoCatalogue } from "../seed/seed-demo-catalogue.ts";
import { shouldSeedDemo } from "../seed/should-seed-demo.ts";

const databaseUrl = process.env.DATABASE_URL || undefined;
const seedDemoSetting = process.env.SEED_DEMO || undefined;
// As strict as the server's configuration (apps/server/src/config.ts).
if (seedDemoSetting !== undefined && seedDemoSetting !== "true" && seedDemoSetting !== "false") {
  console.error(`SEED_DEMO must be true or false (got ${JSON.stringify(seedDemoSetting)}).`);
  process.exit(1);
}

const handle = await openDatabase({ databaseUrl, dataDir: process.env.DATA_DIR || "./data" });
try {
  await migrateDatabase(handle);
  if (
    shouldSeedDemo({
      engine: handle.engine,
      seedDemo: seedDemoSetting === undefined ? undefined : seedDemoSetting === "true",
    })
  ) {
    const result = await seedDemoCatalogue(handle.db);
    console.log(
      result.seeded
        ? `Demo catalogue loaded: ${result.currencies} currencies, ${result.pairs} pairs.`
        : "The catalogue already has currencies; nothing seeded.",
    );
  } else {
    console.log(
      "Demo catalogue not loaded (PostgreSQL without SEED_DEMO=true, or SEED_DEMO=false).",
    );
  }
  const content = await seedContent(handle.db);
  console.log(
    `Site texts: ${content.inserted} added, ${content.updated} updated from the seed files.`,
  );
} finally {
  await handle.close();
}
