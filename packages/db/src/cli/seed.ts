// `npm run db:seed`: migrates, then loads the demo catalogue into an empty database. A database
// that already has currencies is left as it is.
import { openDatabase } from "../connection.ts";
import { migrateDatabase } from "../migrate.ts";
import { seedDemoCatalogue } from "../seed/seed-demo-catalogue.ts";

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || "./data",
});
try {
  await migrateDatabase(handle);
  const result = await seedDemoCatalogue(handle.db);
  console.log(
    result.seeded
      ? `Demo catalogue loaded: ${result.currencies} currencies, ${result.pairs} pairs.`
      : "The catalogue already has currencies; nothing seeded.",
  );
} finally {
  await handle.close();
}
