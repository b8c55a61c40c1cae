import { fileURLToPath } from "node:url";
import { apiClients, createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiProcesses, sealedPost, startApiProcesses } from "../support/api-processes.ts";
import { TEST_CLIENT } from "../support/test-api.ts";
import { solvedCaptcha } from "./support/security-kit.ts";

const script = fileURLToPath(new URL("./support/secured-api-process.ts", import.meta.url));
const POLICY = { requestsPerIpPerMinute: 6, captchaAfterAccountFailures: 1 };

// Decision 026: replicas on one PostgreSQL share the limits and the used captcha solutions.
describe("account limits shared by two server processes on PostgreSQL", () => {
  let database: TestDatabase;
  let processes: ApiProcesses;
  let ports: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(apiClients).values(TEST_CLIENT);
    processes = await startApiProcesses(database.databaseUrl, {
      entry: script,
      env: { POLICY: JSON.stringify(POLICY) },
    });
    ports = processes.ports;
  }, 60_000);
  afterAll(async () => {
    await processes?.stop();
    await database?.close();
  });

  it("counts one IP's requests on both replicas against one budget", async () => {
    const ip = "198.51.100.70";
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        sealedPost(
          ports[index % 2]!,
          "/rest/user/restore",
          { email: `s${index}@example.com` },
          { ip },
        ).then((result) => result.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it("asks for a captcha on one replica after a failure on the other, and spends a solution on both", async () => {
    const ip = "198.51.100.71";
    const login = (port: number, captcha?: string) =>
      sealedPost(
        port,
        "/rest/user/login",
        { email: "nobody@example.com", password: "guess-1", captcha },
        { ip },
      );
    expect((await login(ports[0]!)).body.error.code).toBe("INVALID_CREDENTIALS");
    expect((await login(ports[1]!)).body.error.code).toBe("CAPTCHA_REQUIRED");

    const captcha = await solvedCaptcha(async () => {
      const response = await fetch(`http://127.0.0.1:${ports[0]}/api/captcha/challenge`);
      return { status: response.status, body: await response.json() };
    });
    // Accepted on the other replica (a wrong password still, so the answer is the usual 401)…
    expect((await login(ports[1]!, captcha)).body.error.code).toBe("INVALID_CREDENTIALS");
    // …and then spent for both.
    const reused = await login(ports[0]!, captcha);
    expect(reused.body.error.code).toBe("CAPTCHA_REQUIRED");
    expect(reused.body.error.fields.captcha).toMatch(/already used/);
  });
});
