// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database
// in DATA_DIR (default ./data) when it is unset. The server also migrates on start.
import { migrateDatabase, openDatabase, redactUrl } from "@obmen/db";
import { parseDatabaseCliConfig } from "../config.ts";
import { readCliConfig } from "./read-cli-config.ts";

const config = readCliConfig(parseDatabaseCliConfig);
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(handle);
  console.log(
    `Migrations applied (${config.DATABASE_URL ? `PostgreSQL ${redactUrl(config.DATABASE_URL)}` : `PGlite in ${config.DATA_DIR}`}).`,
  );
} finally {
  await handle.close();
}
