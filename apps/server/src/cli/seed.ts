// `npm run db:seed`: migrates, brings in the site texts (seed-content.ts) and, where the demo
// belongs (shouldSeedDemo: the embedded database, or SEED_DEMO=true), loads the demo catalogue
// into an empty database (a database that already has currencies is left as it is).
import {
  migrateDatabase,
  openDatabase,
  seedContent,
  seedDemoCatalogue,
  shouldSeedDemo,
} from "@obmen/db";
import { parseDatabaseCliConfig } from "../config.ts";
import { readCliConfig } from "./read-cli-config.ts";

// SEED_DEMO exactly `true` or `false`, as the server reads it.
const config = readCliConfig(parseDatabaseCliConfig);
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(handle);
  if (
    shouldSeedDemo({
      engine: handle.engine,
      seedDemo: config.SEED_DEMO,
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
