import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config.ts";
import { type RunningServer, startServer } from "../src/start-server.ts";

const APP_URL = "http://console.test";
const CLIENT = { publicKey: "pk_content_replicas_01", secret: "c".repeat(40) };
const ADMIN = { email: "admin@obmen.example", password: "violet-harbour-71" };

/**
 * Two replicas of the real server on one PostgreSQL (issue 14, decision 032): a text an
 * editor publishes, changes or hides through one replica's console is what the other
 * replica's `/content/*` answers next (its content cache is dropped by LISTEN/NOTIFY).
 */
describe("the console's content across two replicas on PostgreSQL", () => {
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
    for (let index = 0; index < 2; index++) {
      servers.push(await startServer({ ...config, PORT: 0 }, { web: false }));
    }
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.close();
  });

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

  const article = async (server: RunningServer, path: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { "x-api-key": CLIENT.publicKey },
    });
    return {
      status: response.status,
      title: response.ok ? ((await response.json()) as any).data.title : null,
    };
  };

  /** Asks `server` until `check` holds (the state, not a time); the milliseconds it took. */
  async function until(check: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < 5_000) {
      if (await check()) return performance.now() - started;
    }
    throw new Error("the other replica never served the change");
  }

  it("serves on one replica what the console wrote through the other, within a second", async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const cookie = (await consoleCall(first, "POST", "/admin/api/login", { body: ADMIN })).cookie!;
    const path = "/content/news/replica-news?lang=en";
    // The second replica has answered (and cached) the missing article before it exists.
    expect((await article(second, path)).status).toBe(404);

    const created = await consoleCall(first, "POST", "/admin/api/content", {
      cookie,
      body: {
        kind: "news",
        slug: "replica-news",
        translations: {
          ru: { title: "Новость с реплики", body: "Текст." },
          en: { title: "News from a replica", body: "Text." },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const shownMs = await until(
      async () => (await article(second, path)).title === "News from a replica",
    );
    expect(shownMs).toBeLessThan(1_000);

    // Changed and hidden through the second replica: the first follows.
    const id = created.body.data.id as number;
    const renamed = await consoleCall(second, "PATCH", `/admin/api/content/${id}`, {
      cookie,
      body: { translations: { en: { title: "News, renamed", body: "Text." } } },
    });
    expect(renamed.status).toBe(200);
    await until(async () => (await article(first, path)).title === "News, renamed");
    const hidden = await consoleCall(second, "PATCH", `/admin/api/content/${id}`, {
      cookie,
      body: { published: false },
    });
    expect(hidden.status).toBe(200);
    const hiddenMs = await until(async () => (await article(first, path)).status === 404);
    expect(hiddenMs).toBeLessThan(1_000);
  });
});
