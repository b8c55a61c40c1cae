import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { apiClients, createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiProcess } from "../support/start-api-process.ts";
import { TEST_CLIENT } from "../support/test-api.ts";
import { solvedCaptcha } from "./support/security-kit.ts";

const script = fileURLToPath(new URL("./support/secured-api-process.ts", import.meta.url));
const POLICY = { requestsPerIpPerMinute: 6, captchaAfterAccountFailures: 1 };

async function post(port: number, path: string, payload: Record<string, unknown>, ip: string) {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: TEST_CLIENT.publicKey,
    secret: TEST_CLIENT.secret,
    ip,
    lang: "en",
  });
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
    body: JSON.stringify(envelope),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

// Decision 026: replicas on one PostgreSQL share the limits and the used captcha solutions.
describe("account limits shared by two server processes on PostgreSQL", () => {
  let database: TestDatabase;
  const processes: ChildProcess[] = [];
  const ports = [
    36_000 + Math.floor(Math.random() * 1000),
    37_000 + Math.floor(Math.random() * 1000),
  ] as const;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(apiClients).values(TEST_CLIENT);
    for (const port of ports)
      processes.push(
        await startApiProcess(database.databaseUrl, port, {
          entry: script,
          env: { POLICY: JSON.stringify(POLICY) },
        }),
      );
  }, 60_000);
  afterAll(async () => {
    for (const child of processes) child.kill("SIGTERM");
    await Promise.all(
      processes.map((child) => new Promise((resolve) => child.once("exit", resolve))),
    );
    await database.close();
  });

  it("counts one IP's requests on both replicas against one budget", async () => {
    const ip = "198.51.100.70";
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        post(ports[index % 2]!, "/rest/user/restore", { email: `s${index}@example.com` }, ip).then(
          (result) => result.status,
        ),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it("asks for a captcha on one replica after a failure on the other, and spends a solution on both", async () => {
    const ip = "198.51.100.71";
    const login = (port: number, captcha?: string) =>
      post(
        port,
        "/rest/user/login",
        { email: "nobody@example.com", password: "guess-1", captcha },
        ip,
      );
    expect((await login(ports[0])).body.error.code).toBe("INVALID_CREDENTIALS");
    expect((await login(ports[1])).body.error.code).toBe("CAPTCHA_REQUIRED");

    const captcha = await solvedCaptcha(async () => {
      const response = await fetch(`http://127.0.0.1:${ports[0]}/api/captcha/challenge`);
      return { status: response.status, body: await response.json() };
    });
    // Accepted on the other replica (a wrong password still, so the answer is the usual 401)…
    expect((await login(ports[1], captcha)).body.error.code).toBe("INVALID_CREDENTIALS");
    // …and then spent for both.
    const reused = await login(ports[0], captcha);
    expect(reused.body.error.code).toBe("CAPTCHA_REQUIRED");
    expect(reused.body.error.fields.captcha).toMatch(/already used/);
  });
});
