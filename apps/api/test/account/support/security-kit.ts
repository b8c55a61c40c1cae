import { apiClients, createTestDatabase, type TestDatabase } from "@obmen/db";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import Fastify from "fastify";
import type { AccountSecurityOptions } from "../../../src/account/account-security.ts";
import { createAccountSecurity } from "../../../src/account/account-security.ts";
import type { CaptchaDifficulty } from "../../../src/account/captcha/captcha.ts";
import {
  createDatabaseReplayGuard,
  createLocalCatalogueChanges,
  createMemoryReplayGuard,
  openDatabaseApiClients,
  type ReplayGuard,
  registerApi,
} from "../../../src/index.ts";
import type { LimitPolicy } from "../../../src/rate-limits/account-limit-policy.ts";
import type { LimiterStore } from "../../../src/rate-limits/limiter-store.ts";
import { HARNESS_PUBLIC_CALLS } from "../../support/harness-budgets.ts";
import { TEST_CLIENT, type TestApi } from "../../support/test-api.ts";

/** A challenge solved in a few milliseconds, so tests can play the widget. */
export const EASY_CAPTCHA: CaptchaDifficulty = { cost: 1, counterMin: 1, counterMax: 50 };

/** Limits that nothing in a test trips unless it means to. */
export const LOOSE_POLICY: LimitPolicy = {
  requestsPerIpPerMinute: 1_000,
  captchaAfterAccountFailures: 1_000,
  captchaAfterIpFailures: 1_000,
  captchaWindowSeconds: 15 * 60,
  captchaAfterLettersPerAddress: 1_000,
  consecutiveFailuresPerAccountAndIp: 1_000,
  failuresPerIpPerDay: 1_000,
  blockSeconds: 60 * 60,
  secondCheckFailuresPerAccount: 1_000,
};

export const SERVER_SECRET = "test-server-secret-".padEnd(64, "x");

/** The store the server would pick for this engine: the shared PostgreSQL, or memory on PGlite. */
export function storeFor(database: TestDatabase): LimiterStore {
  return database.client.engine === "postgres"
    ? { kind: "postgres", pool: database.client.pool }
    : { kind: "memory" };
}

/**
 * The API on a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with the account
 * security given: the limits' store and the replay guard follow the engine as the server's do,
 * unless the test names a store.
 */
export async function startSecuredApi(
  options: {
    policy?: Partial<LimitPolicy>;
    captchaProvider?: "altcha" | "none";
    store?: (database: TestDatabase) => LimiterStore;
    /** Default: the database guard on PostgreSQL, memory on PGlite. */
    replayGuard?: (database: TestDatabase) => ReplayGuard;
    serverSecret?: string;
  } & Partial<Pick<AccountSecurityOptions, "captchaDifficulty">> = {},
): Promise<TestApi> {
  const database = await createTestDatabase();
  await database.db.insert(apiClients).values(TEST_CLIENT);
  const app = Fastify({ logger: false });
  const accountSecurity = createAccountSecurity({
    store: (options.store ?? storeFor)(database),
    serverSecret: options.serverSecret ?? SERVER_SECRET,
    captchaProvider: options.captchaProvider ?? "altcha",
    captchaDifficulty: options.captchaDifficulty ?? EASY_CAPTCHA,
    policy: { ...LOOSE_POLICY, ...options.policy },
    publicCallPolicy: HARNESS_PUBLIC_CALLS,
  });
  const catalogueChanges = createLocalCatalogueChanges();
  const { deps, docs } = await registerApi(app, {
    db: database.db,
    ping: database.ping,
    clients: openDatabaseApiClients(database.db),
    // As the server picks it: on PostgreSQL the database guard, whose login statement carries
    // the limits (account/login/login-opening.ts), so these tests check that path there.
    replayGuard:
      options.replayGuard?.(database) ??
      (database.client.engine === "postgres"
        ? createDatabaseReplayGuard(database.db)
        : createMemoryReplayGuard()),
    catalogueChanges,
    appUrl: "http://localhost",
    jobs: null,
    checkResponses: true,
    accountSecurity,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    deps,
    docs,
    catalogueChanges,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  } as TestApi;
}

/** Fetches a challenge as the widget does and solves it: the `captcha` value a form sends. */
export async function solvedCaptcha(
  fetchChallenge: () => Promise<{ status: number; body: any }>,
): Promise<string> {
  const answer = await fetchChallenge();
  if (answer.status !== 200) throw new Error(`challenge: ${answer.status}`);
  const challenge = answer.body.data.challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge was not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** `GET /api/captcha/challenge` through the app, from `ip`. */
export async function challengeFrom(api: TestApi, ip = "198.51.100.20") {
  const response = await api.app.inject({
    method: "GET",
    url: "/api/captcha/challenge",
    remoteAddress: ip,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

export async function verifyCaptcha(api: TestApi, body: unknown, lang = "en") {
  const response = await api.app.inject({
    method: "POST",
    url: `/api/verify?lang=${lang}`,
    payload: body as object,
  });
  return { status: response.statusCode, body: response.json() };
}
