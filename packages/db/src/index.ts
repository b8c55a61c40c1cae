export { commitAsynchronously } from "./asynchronous-commit.ts";
export {
  type Database,
  type DatabaseEngine,
  type DatabaseHandle,
  type OpenDatabaseOptions,
  openDatabase,
  POOL_IDLE_TIMEOUT_MS,
  redactUrl,
  type Schema,
  type Transaction,
} from "./connection.ts";
export { acquireDataDirLock, type DataDirLock, DataDirLockedError } from "./data-dir-lock.ts";
export type { DatabaseLog } from "./database-log.ts";
export { migrateDatabase, migrationsFolder } from "./migrate.ts";
export { preparedPerDatabase, queryPrepared } from "./prepared-query.ts";
export { normaliseDecimal } from "./schema/columns.ts";
export * as schema from "./schema/index.ts";
export * from "./schema/index.ts";
export {
  type ApiClientRow,
  type EnsureApiClientOptions,
  ensureApiClient,
} from "./seed/ensure-api-client.ts";
export {
  readContentFolder,
  SEED_CONTENT_FOLDER,
  type SeedContentEntry,
  type SeedTranslation,
} from "./seed/read-content-folder.ts";
export { type ContentSeedResult, seedContent } from "./seed/seed-content.ts";
export { type SeedResult, seedDemoCatalogue } from "./seed/seed-demo-catalogue.ts";
export { shouldSeedDemo } from "./seed/should-seed-demo.ts";
export {
  type CreateTestDatabaseOptions,
  createTestDatabase,
  type TestDatabase,
} from "./testing.ts";
export { unpackTarGz } from "./untar.ts";
