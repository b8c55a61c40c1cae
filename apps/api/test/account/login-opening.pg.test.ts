import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CLIENT, type TestApi } from "../support/test-api.ts";
import { PASSWORD, signUp } from "./support/account-kit.ts";
import { startSecuredApi } from "./support/security-kit.ts";

/**
 * PostgreSQL: when a login's one statement fails (here its counters' table is gone), nothing of
 * it is written, and the separate steps answer: the guard's own check, the limiters with their
 * insurance, the lookup (account/login/login-opening.ts).
 */
describe("a login whose one statement fails", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startSecuredApi({ captchaProvider: "none" });
    await signUp(api, "fallback@example.com");
  }, 60_000);
  afterAll(() => api?.close());

  it("signs in by the separate steps, and still refuses a replay", async () => {
    const { envelope, timestamp } = sealEnvelope({
      payload: { email: "fallback@example.com", password: PASSWORD },
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip: "198.51.100.9",
      lang: "en",
    });
    const send = () =>
      api.app.inject({
        method: "POST",
        url: "/rest/user/login",
        headers: { [TIMESTAMP_HEADER]: String(timestamp) },
        payload: envelope,
      });
    await api.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      const first = await send();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data.user.email).toBe("fallback@example.com");
      const again = await send();
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe("REPLAYED_REQUEST");
    } finally {
      await api.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
  });
});
