import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import { call, OTHER_PASSWORD, PASSWORD, signUp } from "./support/account-kit.ts";
import { startSecuredApi } from "./support/security-kit.ts";

const ATTACKER = "198.51.100.66";
const OWNER = "203.0.113.50";

// Docs/decisions/026-rate-limits-captcha-totp.md. Runs on PGlite (memory store) and, with
// TEST_DATABASE_URL, on PostgreSQL (the rate_limits table the replicas share).
describe("account rate limits", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startSecuredApi({
      captchaProvider: "none",
      policy: {
        requestsPerIpPerMinute: 4,
        consecutiveFailuresPerAccountAndIp: 2,
        secondCheckFailuresPerAccount: 5,
      },
    });
    await signUp(api, "owner@example.com");
  });
  afterAll(() => api.close());

  it("refuses the fifth request a minute from one IP with 429, Retry-After and the error shape", async () => {
    const ip = "198.51.100.1";
    for (let i = 0; i < 4; i++) {
      const allowed = await call(api, "/rest/user/restore", { email: `r${i}@example.com` }, { ip });
      expect(allowed.status, allowed.text).toBe(200);
    }
    const refused = await api.app.inject({
      method: "POST",
      url: "/rest/user/restore",
      ...(await sealedRestore(ip)),
    });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      error: {
        code: "RATE_LIMITED",
        message: "Забагато запитів. Спробуйте трохи пізніше.",
        details: { retry_after: retryAfter },
      },
    });
    if (api.database.engine === "postgres") {
      // Counted in the shared table, not in the fallback memory of this process.
      const { rows } = await api.db.execute<{ key: string }>(sql`select key from rate_limits`);
      expect(rows.map((row) => row.key)).toContainEqual(
        expect.stringMatching(/^obmen:req_restore:/),
      );
      expect(rows.map((row) => row.key).join()).not.toContain("example.com");
    }
    // Another address, and another call from the same one, keep their own budgets.
    expect((await call(api, "/rest/user/restore", { email: "x@example.com" })).status).toBe(200);
    const login = await call(
      api,
      "/rest/user/login",
      { email: "owner@example.com", password: PASSWORD },
      { ip },
    );
    expect(login.status, login.text).toBe(200);
  });

  it("stops guessing from one IP at one account, and the owner elsewhere still signs in", async () => {
    for (let i = 0; i < 3; i++) {
      const guess = await call(
        api,
        "/rest/user/login",
        { email: "owner@example.com", password: `${OTHER_PASSWORD}-${i}` },
        { ip: ATTACKER },
      );
      expect(guess.status, guess.text).toBe(401);
      expect(guess.body.error.code).toBe("INVALID_CREDENTIALS");
    }
    // Even the right password waits now, from the attacker's address (not a lockout: below).
    const blocked = await call(
      api,
      "/rest/user/login",
      { email: "owner@example.com", password: PASSWORD },
      { ip: ATTACKER, lang: "ru" },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("RATE_LIMITED");
    expect(blocked.body.error.message).toBe("Слишком много запросов. Повторите чуть позже.");
    expect(blocked.body.error.details.retry_after).toBeGreaterThan(60 * 59);

    const owner = await call(
      api,
      "/rest/user/login",
      { email: "owner@example.com", password: PASSWORD },
      { ip: OWNER },
    );
    expect(owner.status, owner.text).toBe(200);
  });

  it("limits the calls that use a link's token and the password change per IP too", async () => {
    const ip = "198.51.100.2";
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (
          await call(
            api,
            "/rest/user/restore_confirm",
            {
              reset_token: "a".repeat(32),
              new_password: "long-enough-password-1",
            },
            { ip },
          )
        ).status,
      );
    }
    expect(codes).toEqual([404, 404, 404, 404, 429]);
    const confirmCodes = [];
    for (let i = 0; i < 5; i++) {
      confirmCodes.push(
        (await call(api, "/rest/user/confirm", { confirm_token: "b".repeat(32) }, { ip })).status,
      );
    }
    expect(confirmCodes).toEqual([404, 404, 404, 404, 429]);
  });

  it("counts wrong current passwords of a signed-in user and then makes them wait", async () => {
    const token = await signUp(api, "changer@example.com");
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const ip = `198.51.100.${100 + i}`;
      statuses.push(
        (
          await call(
            api,
            "/rest/user/update_password",
            { old_password: `wrong-${i}-password`, new_password: "a-brand-new-password-7" },
            { token, ip },
          )
        ).status,
      );
    }
    // Five wrong passwords per account per 15 minutes, whatever the IP (the default too).
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });
});

async function sealedRestore(ip: string) {
  const { sealEnvelope, TIMESTAMP_HEADER } = await import("@obmen/contracts/envelope");
  const { TEST_CLIENT } = await import("../support/test-api.ts");
  const { envelope, timestamp } = sealEnvelope({
    payload: { email: "last@example.com" },
    publicKey: TEST_CLIENT.publicKey,
    secret: TEST_CLIENT.secret,
    ip,
    lang: "uk",
  });
  return { headers: { [TIMESTAMP_HEADER]: String(timestamp) }, payload: envelope };
}
