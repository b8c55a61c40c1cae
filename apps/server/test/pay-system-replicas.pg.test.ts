import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config.ts";
import { type RunningServer, startServer } from "../src/start-server.ts";

const APP_URL = "http://console.test";
const CLIENT = { publicKey: "pk_paysys_replicas_01", secret: "p".repeat(40) };
const ADMIN = { email: "admin@obmen.example", password: "violet-harbour-71" };

/**
 * Editing a pay system (issue 14) with two replicas of the real server on one PostgreSQL:
 * a name fixed through one replica's console is what the other's pair list shows next
 * (LISTEN/NOTIFY), and two operators renaming two systems to one name at once get one
 * success and one 409 in the error shape, never a 5xx.
 */
describe("editing pay systems across two replicas on PostgreSQL", () => {
  let database: TestDatabase;
  const servers: RunningServer[] = [];
  let cookie: string;

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
    for (let index = 0; index < 2; index++) {
      servers.push(await startServer({ ...config, PORT: 0 }, { web: false }));
    }
    const login = await consoleCall(servers[0]!, "POST", "/admin/api/login", { body: ADMIN });
    expect(login.status).toBe(200);
    cookie = login.cookie!;
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.close();
  });

  async function pairList(server: RunningServer, lang: "ru" | "en" | "uk") {
    const { envelope, timestamp } = sealEnvelope({
      payload: {},
      ...CLIENT,
      ip: "203.0.113.4",
      lang,
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
        "accept-language": "en",
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

  async function paySystems() {
    const list = await consoleCall(servers[0]!, "GET", "/admin/api/pay-systems", { cookie });
    return list.body.data.items as { id: number; name: string }[];
  }

  const sberbankName = async (server: RunningServer) =>
    (await pairList(server, "uk")).find(
      (entry) => entry.currency_pair.receive_currency.url_xml === "SBERRUB",
    )?.currency_pair.receive_currency.pay_system.name;

  it("a name fixed on one replica is what the other serves next", async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const sber = (await paySystems()).find((system) => system.name === "Sberbank")!;
    // Warm the second replica's cache, so only the notification can refresh it.
    expect(await sberbankName(second)).not.toBe("Сбер (змінено)");

    const changed = await consoleCall(first, "PATCH", `/admin/api/pay-systems/${sber.id}`, {
      cookie,
      body: { name_uk: "Сбер (змінено)" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const changedAt = performance.now();
    // Wait for the state, not for a time.
    let seen: string | undefined;
    while (performance.now() - changedAt < 5_000) {
      seen = await sberbankName(second);
      if (seen === "Сбер (змінено)") break;
    }
    expect(seen).toBe("Сбер (змінено)");
    expect(performance.now() - changedAt).toBeLessThan(1_000);
  });

  it("two renames to one free name at once: one wins, the other is a 409", async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const [a, b] = (await paySystems()).filter((system) => system.name !== "Sberbank");
    for (let round = 0; round < 5; round++) {
      const name = `Contested ${round}`;
      const results = await Promise.all([
        consoleCall(first, "PATCH", `/admin/api/pay-systems/${a!.id}`, { cookie, body: { name } }),
        consoleCall(second, "PATCH", `/admin/api/pay-systems/${b!.id}`, { cookie, body: { name } }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      const refused = results.find((result) => result.status === 409)!;
      expect(refused.body.error.code).toBe("CONFLICT");
      expect(Object.keys(refused.body.error.fields)).toEqual(["name"]);
      expect((await paySystems()).filter((system) => system.name === name)).toHaveLength(1);
    }
  });
});
