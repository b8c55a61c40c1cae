import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseReplayGuard } from "../../src/index.ts";
import {
  type StatementSpy,
  settingAfterStatement,
  spyOnStatements,
} from "../support/statement-spy.ts";
import { TEST_CLIENT, type TestApi } from "../support/test-api.ts";
import { OTHER_PASSWORD, PASSWORD, signUp } from "./support/account-kit.ts";
import { startSecuredApi } from "./support/security-kit.ts";

/**
 * A login on the database replay guard remembers its signature, spends and reads its limits
 * (on PostgreSQL) and finds its account in ONE statement, then inserts its session
 * (account/login/login-opening.ts, decision 044), on the test engine: two statements, the
 * rules of the separate steps kept, and a replay spends nothing.
 */
describe("a login's replay check with its first steps", () => {
  let api: TestApi;
  let statements: StatementSpy;

  beforeAll(async () => {
    api = await startSecuredApi({
      captchaProvider: "none",
      policy: { requestsPerIpPerMinute: 3 },
      replayGuard: (database) => createDatabaseReplayGuard(database.db),
    });
    await signUp(api, "opening@example.com");
    statements = spyOnStatements(api.database);
  }, 60_000);
  afterAll(() => api?.close());

  /** A sealed login, sendable more than once (a replay), from `ip`. */
  function login(email: string, password: string | number, ip: string) {
    const { envelope, timestamp } = sealEnvelope({
      payload: { email, password },
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip,
      lang: "en",
    });
    return () =>
      api.app
        .inject({
          method: "POST",
          url: "/rest/user/login",
          headers: { [TIMESTAMP_HEADER]: String(timestamp) },
          payload: envelope,
        })
        .then((response) => ({ status: response.statusCode, body: response.json() }));
  }

  it("signs in with two statements, and refuses the same envelope again", async () => {
    const send = login("opening@example.com", PASSWORD, "198.51.100.1");
    statements.mockClear();
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body.data.user.email).toBe("opening@example.com");
    expect(statements.mock.calls).toHaveLength(2);
    const again = await send();
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("REPLAYED_REQUEST");
  });

  it("commits both statements without waiting for the WAL flush (decision 047)", async () => {
    statements.mockClear();
    expect((await login("opening@example.com", PASSWORD, "198.51.100.5")()).status).toBe(200);
    const calls = [...statements.mock.calls];
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      const setting = await settingAfterStatement(api.database, call, {
        setting: "synchronous_commit",
        emptied: ["user_sessions", "seen_signatures"],
      });
      expect(setting).toBe("off");
    }
    // Local to each statement's transaction: the connections' own setting is untouched.
    const after = await api.db.execute<{ value: string }>(
      sql`select current_setting('synchronous_commit') as value`,
    );
    expect(after.rows[0]?.value).toBe("on");
  });

  it("answers a wrong password and an unknown address alike, and counts both", async () => {
    const wrong = await login("opening@example.com", OTHER_PASSWORD, "198.51.100.2")();
    const unknown = await login("nobody@example.com", OTHER_PASSWORD, "198.51.100.2")();
    expect(wrong.status).toBe(401);
    expect(unknown).toEqual(wrong);
    // The budget of 3 a minute: two spent above, one left, then 429.
    expect((await login("opening@example.com", PASSWORD, "198.51.100.2")()).status).toBe(200);
    const over = await login("opening@example.com", PASSWORD, "198.51.100.2")();
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("RATE_LIMITED");
  });

  it("spends none of the IP's budget on replays", async () => {
    const ip = "198.51.100.3";
    const send = login("opening@example.com", PASSWORD, ip);
    expect((await send()).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(409);
    // Had the replays spent, the budget of 3 would be gone.
    expect((await login("opening@example.com", PASSWORD, ip)()).status).toBe(200);
    expect((await login("opening@example.com", PASSWORD, ip)()).status).toBe(200);
    expect((await login("opening@example.com", PASSWORD, ip)()).status).toBe(429);
  });

  it("answers a replayed envelope with an invalid payload with its field errors, writing nothing", async () => {
    const send = login("opening@example.com", 71, "198.51.100.4");
    const first = await send();
    expect(first.status).toBe(422);
    expect(first.body.error.fields).toHaveProperty("password");
    expect(await send()).toEqual(first);
  });
});
