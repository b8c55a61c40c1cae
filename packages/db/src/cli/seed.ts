// `npm run db:seed`: migrates, then loads the demo catalogue into an empty database (a database
// that already has currencies is left as it is) and brings in the site texts (seed-content.ts).
import { openDatabase } from "../connection.ts";
import { migrateDatabase } from "../migrate.ts";
import { seedContent } from "../seed/seed-content.ts";
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
  const content = await seedContent(handle.db);
  console.log(
    `Site texts: ${content.inserted} added, ${content.updated} updated from the seed files.`,
  );
} finally {
  await handle.close();
}
