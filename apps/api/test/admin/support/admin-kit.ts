import { OPERATOR_ROLES, type OperatorRole } from "@obmen/contracts";
import { apiClients, createTestDatabase, seedDemoCatalogue } from "@obmen/db";
import Fastify, { type FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { AccountSecurity } from "../../../src/account/account-security.ts";
import { createOperator } from "../../../src/admin/operators/create-operator.ts";
import type { AdminApiOptions } from "../../../src/admin/register-admin-api.ts";
import {
  answerFrameworkError,
  createLocalCatalogueChanges,
  createMemoryReplayGuard,
  openDatabaseApiClients,
  registerApi,
  startJobRunner,
} from "../../../src/index.ts";
import type { PaymentSettings } from "../../../src/payments/payment-settings.ts";
import type { RateJobOptions } from "../../../src/rates/rate-jobs.ts";
import { harnessAccountSecurity } from "../../support/harness-budgets.ts";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { SITE_ICONS } from "../../support/site-icons.ts";
import { callApi, TEST_CLIENT } from "../../support/test-api.ts";

/** The console's origin in tests: `APP_URL`. */
export const APP_ORIGIN = "https://obmen.example";
export const PASSWORD = "violet-harbour-71";

/** The whole API (signed calls and the console) on a fresh, seeded database. */
export async function startAdminApi(
  options: {
    admin?: AdminApiOptions;
    seed?: boolean;
    accountSecurity?: AccountSecurity;
    payments?: PaymentSettings;
    /** Run the job runner (and, with `rates`, the rate refresh) on the test's database. */
    jobs?: boolean;
    rates?: RateJobOptions;
  } = {},
) {
  const database = await createTestDatabase();
  if (options.seed !== false) await seedDemoCatalogue(database.db);
  await database.db.insert(apiClients).values(TEST_CLIENT);
  // As the server: an undecodable URL under /admin/api answers in the API's error shape.
  const app: FastifyInstance = Fastify({ logger: false, frameworkErrors: answerFrameworkError });
  const catalogueChanges = createLocalCatalogueChanges();
  const jobs = options.jobs ? await startJobRunner({ handle: database }) : null;
  const { deps, docs } = await registerApi(app, {
    db: database.db,
    ping: database.ping,
    clients: openDatabaseApiClients(database.db),
    replayGuard: createMemoryReplayGuard(),
    catalogueChanges,
    appUrl: `${APP_ORIGIN}/`,
    jobs,
    jobPollingIntervalSeconds: 0.5,
    checkResponses: true,
    admin: { icons: SITE_ICONS, ...options.admin },
    payments: options.payments,
    rates: options.rates,
    accountSecurity: options.accountSecurity ?? harnessAccountSecurity(),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    deps,
    docs,
    catalogueChanges,
    async close() {
      await jobs?.stop({ graceful: false });
      await app.close();
      await database.close();
    },
  };
}
export type AdminTestApi = Awaited<ReturnType<typeof startAdminApi>>;

export interface AdminCall {
  status: number;
  body: Record<string, any>;
  headers: Record<string, unknown>;
}

/** One console call as a browser on the console's page makes it (its Origin, its cookie). */
export async function adminCall(
  api: AdminTestApi,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  options: {
    cookie?: string | null;
    body?: unknown;
    origin?: string | null;
    lang?: string;
    /** The caller's address (default: inject's 127.0.0.1). */
    ip?: string;
  } = {},
): Promise<AdminCall> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? APP_ORIGIN : options.origin;
  if (origin !== null && method !== "GET") headers.origin = origin;
  if (options.lang) headers["accept-language"] = options.lang;
  const response = await api.app.inject({
    method,
    url,
    headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const type = String(response.headers["content-type"] ?? "");
  return {
    status: response.statusCode,
    body: type.startsWith("application/json") ? response.json() : { raw: response.rawPayload },
    headers: response.headers,
  };
}

/** Takes a paid order through the desk, as the operator signed in with `cookie`, to completed. */
export async function completeOrder(api: AdminTestApi, uuid: string, cookie: string) {
  for (const body of [
    { status: "processing" },
    { status: "completed", payout_reference: "SBP-1" },
  ]) {
    const moved = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
      cookie,
      body,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
}

/** An operator account made directly (the CLI's way), for tests that need one. */
export async function addOperator(
  api: AdminTestApi,
  email: string,
  role: OperatorRole,
  password = PASSWORD,
) {
  return createOperator({
    db: api.db,
    email,
    password,
    role,
    actor: { operatorId: null, ip: null },
  });
}

/** Signs in and returns the session cookie (`name=value`) to send back. */
export async function logIn(
  api: AdminTestApi,
  email: string,
  password = PASSWORD,
  totp?: string,
): Promise<string> {
  const result = await adminCall(api, "POST", "/admin/api/login", {
    body: { email, password, ...(totp ? { totp } : {}) },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return sessionCookie(result);
}

export function sessionCookie(result: AdminCall): string {
  const header = result.headers["set-cookie"];
  const line = Array.isArray(header) ? header[0] : String(header);
  return line.split(";")[0]!;
}

/** An operator of each role, signed in: their cookies by role. */
export async function signInEveryRole(api: AdminTestApi) {
  const cookies = {} as Record<OperatorRole, string>;
  for (const role of OPERATOR_ROLES) {
    await addOperator(api, `${role}@obmen.example`, role);
    cookies[role] = await logIn(api, `${role}@obmen.example`);
  }
  return cookies;
}

/** A customer's order through the public API (USDT TRC20 → Sberbank RUB), optionally paid. */
export async function placeOrder(
  api: AdminTestApi,
  options: {
    paid?: boolean;
    sendAmount?: string;
    email?: string;
    lang?: "ru" | "en" | "uk";
    /** The direction's `url_xml` codes; USDT TRC20 → Sberbank RUB unless given. */
    from?: string;
    to?: string;
  } = {},
): Promise<string> {
  const pair = findPair(
    await listPairs(api.app),
    options.from ?? "USDTTRC20",
    options.to ?? "SBERRUB",
  );
  const created = await callApi(
    api.app,
    "/rest/exchange/create",
    createForm(pair, {
      send_amount: options.sendAmount ?? "100",
      email: options.email ?? "customer@example.com",
    }),
    { lang: options.lang ?? "en" },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const uuid: string = created.body.data.exchange_uuid;
  if (options.paid) {
    const paid = await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "paid",
      creator_key: created.body.data.creator_key,
    });
    expect(paid.status).toBe(200);
  }
  return uuid;
}
