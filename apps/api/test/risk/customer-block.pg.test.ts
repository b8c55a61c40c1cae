import { type TestDatabase, users } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/account/password/password-hashing.ts";
import {
  type ApiProcesses,
  consolePost,
  createSeededDatabase,
  sealedPost,
  signInOperators,
  startApiProcesses,
} from "../support/api-processes.ts";

const EMAIL = "night.customer@example.com";
const PASSWORD = "lantern-orchard-58";

/**
 * A block made on one replica ends the customer's session on the other at once and refuses
 * their login there (issue 29): sessions and blocks live in PostgreSQL, never in a process.
 */
describe("a customer blocked on one server process, on PostgreSQL", () => {
  let database: TestDatabase;
  let processes: ApiProcesses;
  let ports: number[];
  let cookies: string[];

  beforeAll(async () => {
    database = await createSeededDatabase();
    processes = await startApiProcesses(database.databaseUrl);
    ports = processes.ports;
    cookies = await signInOperators(database, ports, "operator");
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  it("ends the session and refuses the login on the other process", async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        email: EMAIL,
        passwordHash: await hashPassword(PASSWORD),
        emailConfirmedAt: new Date(),
        lang: "en",
      })
      .returning();
    const login = await sealedPost(ports[1]!, "/rest/user/login", {
      email: EMAIL,
      password: PASSWORD,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token: string = login.body.data.user_auth_token;
    const sessions = () =>
      sealedPost(ports[1]!, "/rest/user/session/list", {}, { token, ip: "203.0.113.10" });
    expect((await sessions()).status).toBe(200);

    const blocked = await consolePost(
      ports[0]!,
      `/admin/api/customers/${user!.id}/block`,
      { reason: "chargebacks" },
      cookies[0],
    );
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);

    const after = await sessions();
    expect(after.status).toBe(401);
    const again = await sealedPost(ports[1]!, "/rest/user/login", {
      email: EMAIL,
      password: PASSWORD,
    });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe("ACCOUNT_BLOCKED");
  }, 60_000);
});
