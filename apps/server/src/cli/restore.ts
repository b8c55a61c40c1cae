// `npm run restore -- FILE [--force]`: restores a backup of `npm run backup` into the
// configured database (DATABASE_URL, else DATA_DIR), which must be empty unless --force
// (docs/operations.md). Stop every server of this database first: the embedded one refuses
// while a server holds DATA_DIR. The next `npm start` applies any newer migrations.
import { closeSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DataDirLockedError, openDatabase } from "@obmen/db";
import { sql } from "drizzle-orm";
import { type Config, ConfigError, parseConfig } from "../config.ts";
import { NotEmptyError, restorePglite } from "./backup-pglite.ts";
import { postgresIsEmpty, restorePostgres } from "./backup-postgres.ts";

const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error("Usage: npm run restore -- FILE [--force]");
  process.exit(2);
}
let config: Config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const file = path.resolve(positionals[0]!);
const force = values.force;

try {
  const kind = backupKind(file);
  const engine = config.databaseEngine;
  if (kind !== engine) {
    console.error(
      `${file} is a backup of ${kind === "postgres" ? "PostgreSQL (pg_dump)" : "the embedded database"}, but this configuration uses ${engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : "the embedded database (DATA_DIR)"}: restore it where it came from.`,
    );
    process.exit(2);
  }
  if (engine === "postgres") {
    if (!force && !(await postgresIsEmpty(config.DATABASE_URL!)))
      throw new NotEmptyError("The database of DATABASE_URL");
    await restorePostgres(config.DATABASE_URL!, file, { force });
  } else {
    const { replacedKeptAt } = await restorePglite(config.DATA_DIR, file, { force });
    if (replacedKeptAt) console.log(`The database it replaced is kept in ${replacedKeptAt}`);
  }
  console.log(`Restored ${file}: ${await describeRestored(config)}`);
} catch (error) {
  if (error instanceof NotEmptyError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(error instanceof NotEmptyError ? 4 : 3);
  }
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}

/** By its first bytes: pg_dump's custom format starts with PGDMP, PGlite's archive is gzip. */
function backupKind(backup: string): "postgres" | "pglite" {
  const head = Buffer.alloc(5);
  const fd = openSync(backup, "r");
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1") === "PGDMP") return "postgres";
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  throw new Error(`${backup} is not a backup of npm run backup (neither pg_dump's nor PGlite's)`);
}

/** Opens the restored database (PGlite recovers here) and says what it holds. */
async function describeRestored(current: Config): Promise<string> {
  const handle = await openDatabase({
    databaseUrl: current.DATABASE_URL,
    dataDir: current.DATA_DIR,
    poolMax: 1,
  });
  try {
    const orders = await handle.db.execute<{ count: number }>(
      sql`select count(*)::int as count from orders`,
    );
    const migrations = await handle.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    return `${orders.rows[0]?.count} orders, ${migrations.rows[0]?.count} migrations applied (npm start applies newer ones)`;
  } finally {
    await handle.close();
  }
}
