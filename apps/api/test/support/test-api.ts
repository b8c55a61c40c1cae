import type { Locale } from "@obmen/contracts";
import { type SignatureAlgorithm, sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import {
  apiClients,
  createTestDatabase,
  type Database,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import Fastify, { type FastifyInstance } from "fastify";
import type { AccountSecurity } from "../../src/account/account-security.ts";
import {
  answerClientError,
  answerFrameworkError,
  createLocalCatalogueChanges,
  createMemoryReplayGuard,
  openDatabaseApiClients,
  type ReplayGuard,
  registerApi,
  startJobRunner,
} from "../../src/index.ts";
import { harnessAccountSecurity } from "./harness-budgets.ts";
import { SITE_ICONS } from "./site-icons.ts";

export const TEST_CLIENT = {
  name: "test-partner",
  publicKey: "pk_test_partner_0001",
  secret: "s".repeat(40),
};
export const HMAC_CLIENT = {
  name: "test-hmac-partner",
  publicKey: "pk_test_hmac_0001",
  secret: "h".repeat(40),
  algorithm: "hmac-sha256" as SignatureAlgorithm,
};

/** A real API on a real, migrated and seeded database (PGlite, or PostgreSQL in CI). */
export async function startTestApi(
  options: {
    seed?: boolean;
    orderLifetimeMs?: number;
    jobs?: boolean;
    /** Default: the in-memory guard; given the test's database when it needs one. */
    replayGuard?: (db: Database) => ReplayGuard;
    /** Default: registerApi's own (memory, no captcha); given the database when a test needs its store. */
    accountSecurity?: (database: TestDatabase) => AccountSecurity;
  } = {},
) {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemoCatalogue(database.db);
  await database.db.insert(apiClients).values([TEST_CLIENT, HMAC_CLIENT]);
  // As the server: undecodable URLs and unknown methods answer in the API's error shape.
  const app: FastifyInstance = Fastify({
    logger: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const catalogueChanges = createLocalCatalogueChanges();
  const jobs = options.jobs ? await startJobRunner({ handle: database }) : null;
  const { deps, docs } = await registerApi(app, {
    db: database.db,
    ping: database.ping,
    clients: openDatabaseApiClients(database.db),
    replayGuard: options.replayGuard?.(database.db) ?? createMemoryReplayGuard(),
    catalogueChanges,
    appUrl: "http://localhost",
    jobs,
    orderLifetimeMs: options.orderLifetimeMs,
    jobPollingIntervalSeconds: 0.5,
    expirySweepSeconds: 1,
    checkResponses: true,
    accountSecurity: options.accountSecurity?.(database) ?? harnessAccountSecurity(),
    admin: { icons: SITE_ICONS },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    deps,
    /** Every route the API declared (signed and `/content/*`), with its schemas. */
    docs,
    catalogueChanges,
    database,
    async close() {
      await jobs?.stop({ graceful: false });
      await app.close();
      await database.close();
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** Seals a payload as the test partner and POSTs it, returning status and parsed JSON. */
export async function callApi(
  app: FastifyInstance,
  path: string,
  payload: Record<string, unknown> = {},
  options: {
    lang?: Locale;
    client?: { publicKey: string; secret: string; algorithm?: SignatureAlgorithm };
  } = {},
) {
  const client: { publicKey: string; secret: string; algorithm?: SignatureAlgorithm } =
    options.client ?? TEST_CLIENT;
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: client.publicKey,
    secret: client.secret,
    algorithm: client.algorithm,
    ip: "203.0.113.7",
    lang: options.lang ?? "en",
  });
  const response = await app.inject({
    method: "POST",
    url: path,
    headers: { [TIMESTAMP_HEADER]: String(timestamp) },
    payload: envelope,
  });
  return { status: response.statusCode, body: response.json() as Record<string, any> };
}
