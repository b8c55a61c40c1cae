import { spawn } from "node:child_process";
import { openDatabase } from "@obmen/db";
import { sql } from "drizzle-orm";

/**
 * PostgreSQL's side of `npm run backup` and `npm run restore`: Debian's `pg_dump` and
 * `pg_restore` (package postgresql-client, at least the server's major version). pg_dump reads
 * everything in one repeatable-read snapshot, so a backup of a database under load is
 * consistent without stopping anything.
 */

/** The URL without its password, which goes through PGPASSWORD: never in `ps` output. */
function libpqTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return {
    url: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${command} is not installed: apt-get install postgresql-client (the server's major version or newer)`,
            )
          : error,
      ),
    );
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`));
    });
  });
}

/** `pg_dump`'s custom format: compressed, and pg_restore can restore it selectively. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const target = libpqTarget(databaseUrl);
  await run("pg_dump", ["--format=custom", `--file=${file}`, `--dbname=${target.url}`], target.env);
}

/** Schemas that are not PostgreSQL's own: what a restore would collide with. */
async function userSchemas(databaseUrl: string): Promise<{ schema: string; objects: number }[]> {
  const handle = await openDatabase({ databaseUrl, dataDir: "", poolMax: 1 });
  try {
    const result = await handle.db.execute<{ schema: string; objects: number }>(sql`
      select n.nspname as schema, count(c.oid)::int as objects
      from pg_namespace n left join pg_class c on c.relnamespace = n.oid
      where n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\_toast%' and n.nspname not like 'pg\_temp%'
      group by n.nspname`);
    return result.rows;
  } finally {
    await handle.close();
  }
}

export async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  return (await userSchemas(databaseUrl)).every((schema) => schema.objects === 0);
}

/**
 * Restores a custom-format dump in one transaction (a failure leaves the database as it was),
 * then gathers the planner's statistics.
 * `force` first drops every schema of the application (public, drizzle, pgboss, …), so tables
 * a newer release added do not survive next to the restored ones.
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  options: { force: boolean },
): Promise<void> {
  if (options.force) {
    const handle = await openDatabase({ databaseUrl, dataDir: "", poolMax: 1 });
    try {
      for (const { schema } of await userSchemas(databaseUrl)) {
        await handle.db.execute(sql.raw(`drop schema "${schema.replaceAll('"', '""')}" cascade`));
      }
      await handle.db.execute(sql`create schema if not exists public`);
    } finally {
      await handle.close();
    }
  }
  const target = libpqTarget(databaseUrl);
  await run(
    "pg_restore",
    [
      // Owners and grants of the machine the backup came from may not exist here.
      "--no-owner",
      "--no-acl",
      "--single-transaction",
      "--exit-on-error",
      `--dbname=${target.url}`,
      file,
    ],
    target.env,
  );
  // A dump carries no planner statistics. Until autovacuum gathers them, each pooled
  // connection would plan its first queries (foreign-key checks included) as if the tables
  // were empty and keep those plans (docs/decisions/043-bench-tables-planned-as-in-production.md).
  const handle = await openDatabase({ databaseUrl, dataDir: "", poolMax: 1 });
  try {
    await handle.db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
}
