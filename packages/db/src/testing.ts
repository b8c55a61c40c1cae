import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "./connection.ts";
import { migrateDatabase } from "./migrate.ts";
import { seedDemoCatalogue } from "./seed/seed-demo-catalogue.ts";

export type TestDatabase = DatabaseHandle & {
  /** Where to open a second connection to the same database (another "replica"). */
  databaseUrl: string;
};

export type CreateTestDatabaseOptions = {
  /** Apply the migrations (default true). */
  migrate?: boolean;
  /** Also load the demo catalogue (default false). */
  seed?: boolean;
};

/**
 * An isolated database for one test file. With `TEST_DATABASE_URL` (CI: PostgreSQL) it creates a
 * fresh `obmen_t_<random>` database on that server and drops it on close(); otherwise it is an
 * in-memory PGlite, gone on close(). Either way tests never share state.
 */
export async function createTestDatabase(
  options: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  const handle = serverUrl ? await createPostgresDatabase(serverUrl) : await createMemoryDatabase();
  try {
    if (options.migrate ?? true) await migrateDatabase(handle);
    if (options.seed) await seedDemoCatalogue(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function createMemoryDatabase(): Promise<TestDatabase> {
  const databaseUrl = "memory://";
  return { ...(await openDatabase({ databaseUrl, dataDir: "" })), databaseUrl };
}

async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `obmen_t_${randomBytes(6).toString("hex")}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const handle = await openDatabase({ databaseUrl, dataDir: "" });
  let closing: Promise<void> | undefined;
  const dropDatabase = async () => {
    await handle.close();
    // `with (force)` ends connections a test leaked (a second "replica" left open).
    await withAdminClient(serverUrl, (admin) =>
      admin.query(`drop database if exists "${name}" with (force)`),
    );
  };
  return {
    ...handle,
    databaseUrl,
    close() {
      closing ??= dropDatabase();
      return closing;
    },
  };
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
