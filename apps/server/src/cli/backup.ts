// `npm run backup -- --out FILE`: a consistent backup of the configured database while the
// service runs (docs/operations.md). PostgreSQL (DATABASE_URL): pg_dump's custom format.
// Embedded (DATA_DIR): PGlite's data-directory archive, taken by the running server through
// its backup socket, or directly when no server runs. Written to FILE.partial, then renamed,
// so FILE is always a whole backup.
import { renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, parseConfig } from "../config.ts";
import { backupPglite } from "./backup-pglite.ts";
import { dumpPostgres } from "./backup-postgres.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) {
  console.error("Usage: npm run backup -- --out FILE");
  process.exit(2);
}
let config: ReturnType<typeof parseConfig>;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
if (config.DATABASE_URL === "memory://") {
  console.error("DATABASE_URL=memory:// is a throwaway database: there is nothing to back up.");
  process.exit(2);
}

const file = path.resolve(values.out);
const partial = `${file}.partial`;
const started = performance.now();
try {
  let how = "pg_dump";
  if (config.databaseEngine === "postgres") await dumpPostgres(config.DATABASE_URL!, partial);
  else how = await backupPglite(config.DATA_DIR, partial);
  renameSync(partial, file);
  const megabytes = (statSync(file).size / 1e6).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backup of the ${config.databaseEngine === "postgres" ? "PostgreSQL" : "embedded"} database written to ${file} (${megabytes} MB, ${how}, ${seconds} s)`,
  );
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
