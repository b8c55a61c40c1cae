import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { createTestDatabase, operators, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config.ts";
import { type RunningServer, startServer } from "../src/start-server.ts";

const APP_URL = "http://console.test";
const CLIENT = { publicKey: "pk_replicas_test_0001", secret: "r".repeat(40) };
const ADMIN = { email: "admin@obmen.example", password: "violet-harbour-71" };

/**
 * Two replicas of the real server on one PostgreSQL (issue 14): the first admin comes from the
 * environment once however many replicas start, and a rate changed through one replica's
 * console is what the other replica's pair list shows next (LISTEN/NOTIFY, decision 016).
 */
describe("the operator console across two replicas on PostgreSQL", () => {
  let database: TestDatabase;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const config = parseConfig({
      HOST: "127.0.0.1",
      DATABASE_URL: database.databaseUrl,
      LOG_LEVEL: "silent",
      CAPTCHA_PROVIDER: "none",
      SEED_DEMO: "true",
      APP_URL,
      API_PUBLIC_KEY: CLIENT.publicKey,
      API_SECRET: CLIENT.secret,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let index = 0; index < 2; index++) {
      servers.push(await startServer({ ...config, PORT: 0 }, { web: false }));
    }
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.close();
  });

  async function pairList(server: RunningServer) {
    const { envelope, timestamp } = sealEnvelope({
      payload: {},
      ...CLIENT,
      ip: "203.0.113.4",
      lang: "en",
    });
    const response = await fetch(`${server.url}/rest/currency_pair/list`, {
      method: "POST",
      headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
      body: JSON.stringify(envelope),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: any[] }).data;
  }

  async function consoleCall(
    server: RunningServer,
    method: string,
    path: string,
    options: { body?: unknown; cookie?: string } = {},
  ) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        origin: APP_URL,
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, any>,
      cookie: response.headers.get("set-cookie")?.split(";")[0],
    };
  }

  it("signs the environment's admin in on either replica, and a rate changed on one is served by the other", async () => {
    // Both replicas were given ADMIN_EMAIL; there is one admin.
    expect(await database.db.select({ email: operators.email }).from(operators)).toEqual([
      { email: ADMIN.email },
    ]);

    const [first, second] = servers as [RunningServer, RunningServer];
    const login = await consoleCall(first, "POST", "/admin/api/login", { body: ADMIN });
    expect(login.status).toBe(200);
    expect(login.body.data.operator.role).toBe("admin");
    const cookie = login.cookie!;
    // The session is in the shared database: the other replica knows it.
    expect((await consoleCall(second, "GET", "/admin/api/me", { cookie })).status).toBe(200);

    const before = (await pairList(second)).find(
      (entry) =>
        entry.currency_pair.send_currency.url_xml === "USDTTRC20" &&
        entry.currency_pair.receive_currency.url_xml === "SBERRUB",
    );
    expect(before.rate.receive_rate).not.toBe("79.5");

    const changed = await consoleCall(first, "PATCH", `/admin/api/pairs/${before.id}`, {
      cookie,
      body: { receive_rate: "79.5" },
    });
    expect(changed.status).toBe(200);
    const changedAt = performance.now();
    // Wait for the state, not for a time: the other replica drops its cached list on the
    // notification, so its next answer has the new rate.
    let seen: string | undefined;
    while (performance.now() - changedAt < 5_000) {
      const entry = (await pairList(second)).find((pair) => pair.id === before.id);
      seen = entry?.rate.receive_rate;
      if (seen === "79.5") break;
    }
    const elapsedMs = performance.now() - changedAt;
    expect(seen).toBe("79.5");
    expect(elapsedMs).toBeLessThan(1_000);
  });
});
