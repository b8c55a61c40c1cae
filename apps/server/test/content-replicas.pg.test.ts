import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src/start-server.ts";
import { ADMIN, consoleCall, startReplicas, until } from "./support/console-servers.ts";

const CLIENT = { publicKey: "pk_content_replicas_01", secret: "c".repeat(40) };

/**
 * Two replicas of the real server on one PostgreSQL (issue 14, decision 032): a text an
 * editor publishes, changes or hides through one replica's console is what the other
 * replica's `/content/*` answers next (its content cache is dropped by LISTEN/NOTIFY).
 */
describe("the console's content across two replicas on PostgreSQL", () => {
  let database: TestDatabase;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    servers = await startReplicas(database.databaseUrl, CLIENT);
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.close();
  });

  const article = async (server: RunningServer, path: string) => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { "x-api-key": CLIENT.publicKey },
    });
    return {
      status: response.status,
      title: response.ok ? ((await response.json()) as any).data.title : null,
    };
  };

  it("serves on one replica what the console wrote through the other, within a second", async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const cookie = (await consoleCall(first.url, "POST", "/admin/api/login", { body: ADMIN }))
      .cookie!;
    const path = "/content/news/replica-news?lang=en";
    // The second replica has answered (and cached) the missing article before it exists.
    expect((await article(second, path)).status).toBe(404);

    const created = await consoleCall(first.url, "POST", "/admin/api/content", {
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
    const renamed = await consoleCall(second.url, "PATCH", `/admin/api/content/${id}`, {
      cookie,
      body: { translations: { en: { title: "News, renamed", body: "Text." } } },
    });
    expect(renamed.status).toBe(200);
    await until(async () => (await article(first, path)).title === "News, renamed");
    const hidden = await consoleCall(second.url, "PATCH", `/admin/api/content/${id}`, {
      cookie,
      body: { published: false },
    });
    expect(hidden.status).toBe(200);
    const hiddenMs = await until(async () => (await article(first, path)).status === 404);
    expect(hiddenMs).toBeLessThan(1_000);
  });
});
