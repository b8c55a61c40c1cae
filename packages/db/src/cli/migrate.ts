// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database
// in DATA_DIR (default ./data) when it is unset. The server also migrates on start.
import { openDatabase, redactUrl } from "../connection.ts";
import { migrateDatabase } from "../migrate.ts";

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./data";
const handle = await openDatabase({ databaseUrl, dataDir });
try {
  await migrateDatabase(handle);
  console.log(`Migrations applied (${describe()}).`);
} finally {
  await handle.close();
}

function describe(): string {
  return databaseUrl ? `PostgreSQL ${redactUrl(databaseUrl)}` : `PGlite in ${dataDir}`;
}
