import { createTestDatabase, operators, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src/start-server.ts";
import { ADMIN, consoleCall, pairList, startReplicas, until } from "./support/console-servers.ts";

const CLIENT = { publicKey: "pk_replicas_test_0001", secret: "r".repeat(40) };

/**
 * Two replicas of the real server on one PostgreSQL (issue 14): the first admin comes from the
 * environment once however many replicas start, and a rate changed through one replica's
 * console is what the other replica's pair list shows next (LISTEN/NOTIFY, decision 016).
 */
describe("the operator console across two replicas on PostgreSQL", () => {
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

  it("signs the environment's admin in on either replica, and a rate changed on one is served by the other", async () => {
    // Both replicas were given ADMIN_EMAIL; there is one admin.
    expect(await database.db.select({ email: operators.email }).from(operators)).toEqual([
      { email: ADMIN.email },
    ]);

    const [first, second] = servers as [RunningServer, RunningServer];
    const login = await consoleCall(first.url, "POST", "/admin/api/login", { body: ADMIN });
    expect(login.status).toBe(200);
    expect(login.body.data.operator.role).toBe("admin");
    const cookie = login.cookie!;
    // The session is in the shared database: the other replica knows it.
    expect((await consoleCall(second.url, "GET", "/admin/api/me", { cookie })).status).toBe(200);

    const before = (await pairList(second.url, CLIENT)).find(
      (entry) =>
        entry.currency_pair.send_currency.url_xml === "USDTTRC20" &&
        entry.currency_pair.receive_currency.url_xml === "SBERRUB",
    );
    expect(before.rate.receive_rate).not.toBe("79.5");

    const changed = await consoleCall(first.url, "PATCH", `/admin/api/pairs/${before.id}`, {
      cookie,
      body: { receive_rate: "79.5" },
    });
    expect(changed.status).toBe(200);
    // The other replica drops its cached list on the notification, so its next answer has the
    // new rate.
    const shownMs = await until(async () => {
      const entry = (await pairList(second.url, CLIENT)).find((pair) => pair.id === before.id);
      return entry?.rate.receive_rate === "79.5";
    });
    expect(shownMs).toBeLessThan(1_000);
  });
});
