import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { onCleanup } from "./cleanup.ts";

const run = promisify(execFile);

/** The PostgreSQL the bench may use: loopback, trust auth (see the issue). */
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function postgresAvailable(): Promise<string | null> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3_000,
  });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withDatabase(POSTGRES_ADMIN_URL, work);
}

/** Creates an empty database named `obmen_bench_<suffix>` and registers its drop. */
export async function createScratchDatabase(
  suffix: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `obmen_bench_${suffix}_${process.pid}`;
  await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  await admin((client) => client.query(`create database ${name}`));
  const drop = onCleanup(`database ${name}`, () =>
    admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  );
  return { name, url: databaseUrl(name), drop };
}

/** Runs `work` with a client connected to `url`. */
export async function withDatabase<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Copies schema and data of `from` into the (empty) database `to`: pg_dump | psql. A dump
 * carries no planner statistics: a caller whose source was analyzed analyzes the copy too.
 */
export async function copyDatabase(from: string, to: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const dump = spawn("pg_dump", ["--no-owner", "--no-privileges", from], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const restore = spawn("psql", ["-q", "-v", "ON_ERROR_STOP=1", to], {
      stdio: ["pipe", "ignore", "pipe"],
    });
    let errors = "";
    dump.stderr.on("data", (chunk) => (errors += chunk));
    restore.stderr.on("data", (chunk) => (errors += chunk));
    dump.stdout.pipe(restore.stdin);
    restore.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_dump | psql failed: ${errors.slice(-2_000)}`)),
    );
  });
}

export async function pgbenchPath(): Promise<string | null> {
  for (const candidate of ["pgbench", "/usr/lib/postgresql/15/bin/pgbench"]) {
    try {
      await run(candidate, ["--version"]);
      return candidate;
    } catch {}
  }
  return null;
}
