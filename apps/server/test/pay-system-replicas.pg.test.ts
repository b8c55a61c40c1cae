import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../src/start-server.ts";
import { ADMIN, consoleCall, pairList, startReplicas, until } from "./support/console-servers.ts";

const CLIENT = { publicKey: "pk_paysys_replicas_01", secret: "p".repeat(40) };

/**
 * Editing a pay system (issue 14) with two replicas of the real server on one PostgreSQL:
 * a name fixed through one replica's console is what the other's pair list shows next
 * (LISTEN/NOTIFY), and two operators renaming two systems to one name at once get one
 * success and one 409 in the error shape, never a 5xx.
 */
describe("editing pay systems across two replicas on PostgreSQL", () => {
  let database: TestDatabase;
  let servers: RunningServer[] = [];
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    servers = await startReplicas(database.databaseUrl, CLIENT);
    const login = await consoleCall(servers[0]!.url, "POST", "/admin/api/login", { body: ADMIN });
    expect(login.status).toBe(200);
    cookie = login.cookie!;
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.close();
  });

  async function paySystems() {
    const list = await consoleCall(servers[0]!.url, "GET", "/admin/api/pay-systems", { cookie });
    return list.body.data.items as { id: number; name: string }[];
  }

  const sberbankName = async (server: RunningServer) =>
    (await pairList(server.url, CLIENT, "uk")).find(
      (entry) => entry.currency_pair.receive_currency.url_xml === "SBERRUB",
    )?.currency_pair.receive_currency.pay_system.name;

  it("each replica's console knows the icons the site serves, and refuses any other", async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    for (const server of [first, second]) {
      const icons = await consoleCall(server.url, "GET", "/admin/api/icons", { cookie });
      expect(icons.status).toBe(200);
      expect(icons.body.data.items).toContain("/icons/kaspi.svg");
      expect(icons.body.data.items).toContain("/icons/sberbank.svg");
    }
    const sber = (await paySystems()).find((system) => system.name === "Sberbank")!;
    const refused = await consoleCall(first.url, "PATCH", `/admin/api/pay-systems/${sber.id}`, {
      cookie,
      body: { icon: "/icons/sberbank-typo.svg" },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(Object.keys(refused.body.error.fields)).toEqual(["icon"]);
  });

  it("a name fixed on one replica is what the other serves next", async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const sber = (await paySystems()).find((system) => system.name === "Sberbank")!;
    // Warm the second replica's cache, so only the notification can refresh it.
    expect(await sberbankName(second)).not.toBe("Сбер (змінено)");

    const changed = await consoleCall(first.url, "PATCH", `/admin/api/pay-systems/${sber.id}`, {
      cookie,
      body: { name_uk: "Сбер (змінено)" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const shownMs = await until(async () => (await sberbankName(second)) === "Сбер (змінено)");
    expect(shownMs).toBeLessThan(1_000);
  });

  it("two renames to one free name at once: one wins, the other is a 409", async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const [a, b] = (await paySystems()).filter((system) => system.name !== "Sberbank");
    for (let round = 0; round < 5; round++) {
      const name = `Contested ${round}`;
      const results = await Promise.all([
        consoleCall(first.url, "PATCH", `/admin/api/pay-systems/${a!.id}`, {
          cookie,
          body: { name },
        }),
        consoleCall(second.url, "PATCH", `/admin/api/pay-systems/${b!.id}`, {
          cookie,
          body: { name },
        }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      const refused = results.find((result) => result.status === 409)!;
      expect(refused.body.error.code).toBe("CONFLICT");
      expect(Object.keys(refused.body.error.fields)).toEqual(["name"]);
      expect((await paySystems()).filter((system) => system.name === name)).toHaveLength(1);
    }
  });
});
