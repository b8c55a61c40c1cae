import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import { call, OTHER_PASSWORD, PASSWORD, signUp } from "./support/account-kit.ts";
import {
  challengeFrom,
  solvedCaptcha,
  startSecuredApi,
  verifyCaptcha,
} from "./support/security-kit.ts";

const IP = "198.51.100.30";

// Docs/decisions/026-rate-limits-captcha-totp.md: a captcha after repeated failures, each
// solution good once and for ten minutes.
describe("captcha after repeated failures", () => {
  let api: TestApi;
  const solve = () => solvedCaptcha(() => challengeFrom(api));
  beforeAll(async () => {
    api = await startSecuredApi({
      policy: {
        captchaAfterAccountFailures: 2,
        captchaAfterIpFailures: 4,
        captchaAfterLettersPerAddress: 3,
      },
    });
    await signUp(api, "owner@example.com");
  });
  afterAll(() => {
    vi.useRealTimers();
    return api.close();
  });

  const logIn = (payload: Record<string, unknown>, lang: "en" | "ru" | "uk" = "en") =>
    call(api, "/rest/user/login", { email: "owner@example.com", ...payload }, { ip: IP, lang });

  it("serves a signed proof-of-work challenge that expires in ten minutes", async () => {
    const { status, body, headers } = await challengeFrom(api);
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("no-store");
    expect(body.data.enabled).toBe(true);
    const { parameters, signature } = body.data.challenge;
    expect(parameters.algorithm).toBe("PBKDF2/SHA-256");
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.expiresAt * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(parameters.expiresAt * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it("asks for a captcha after two failed logins, in the request's language", async () => {
    for (const password of [OTHER_PASSWORD, `${OTHER_PASSWORD}!`]) {
      expect((await logIn({ password })).body.error.code).toBe("INVALID_CREDENTIALS");
    }
    // Even the right password needs it now; an unknown address with as many failures alike.
    const asked = await logIn({ password: PASSWORD }, "uk");
    expect(asked.status).toBe(400);
    expect(asked.body.error).toEqual({
      code: "CAPTCHA_REQUIRED",
      message: "Підтвердьте, що ви не робот.",
      fields: {
        captcha: "Було кілька невдалих спроб. Підтвердьте, що ви не робот, і спробуйте знову.",
      },
    });
    const garbage = await logIn({ password: PASSWORD, captcha: "bm90IGEgc29sdXRpb24=" });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.fields.captcha).toMatch(/did not pass/);
  });

  it("accepts a solved captcha once; the same solution is refused the second time", async () => {
    const captcha = await solve();
    expect((await verifyCaptcha(api, { captcha })).body).toEqual({ data: { verified: true } });
    const accepted = await logIn({ password: PASSWORD, captcha });
    expect(accepted.status, accepted.text).toBe(200);
    // The success ended the run of failures: no captcha needed any more.
    expect((await logIn({ password: PASSWORD })).status).toBe(200);

    for (const password of [OTHER_PASSWORD, `${OTHER_PASSWORD}?`]) await logIn({ password });
    const reused = await logIn({ password: PASSWORD, captcha });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe("CAPTCHA_REQUIRED");
    expect(reused.body.error.fields.captcha).toBe(
      "The robot check did not pass or was already used. Please try it again.",
    );
    expect((await verifyCaptcha(api, { captcha })).body.data.verified).toBe(false);
    expect((await logIn({ password: PASSWORD, captcha: await solve() })).status).toBe(200);
  });

  it("refuses a solution whose challenge expired", async () => {
    for (const password of [OTHER_PASSWORD, `${OTHER_PASSWORD}#`]) await logIn({ password });
    const captcha = await solve();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60_000 });
    try {
      expect((await verifyCaptcha(api, { captcha })).body.data.verified).toBe(false);
      const expired = await logIn({ password: PASSWORD, captcha }, "ru");
      expect(expired.status).toBe(400);
      expect(expired.body.error.fields.captcha).toBe(
        "Время проверки на робота истекло. Пройдите её ещё раз.",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("accepts what another replica issued, never what a server with another secret did", async () => {
    const replica = await startSecuredApi({});
    const stranger = await startSecuredApi({ serverSecret: "another-secret-".padEnd(64, "y") });
    try {
      const fromReplica = await solvedCaptcha(() => challengeFrom(replica));
      expect((await verifyCaptcha(api, { captcha: fromReplica })).body.data.verified).toBe(true);
      const forged = await solvedCaptcha(() => challengeFrom(stranger));
      expect((await verifyCaptcha(api, { captcha: forged })).body.data.verified).toBe(false);
    } finally {
      await replica.close();
      await stranger.close();
    }
  });

  it("asks register and restore for a captcha once the IP has failed repeatedly", async () => {
    const ip = "198.51.100.31";
    const payload = { email: "new@example.com", password: PASSWORD, agreement: true };
    expect((await call(api, "/rest/user/register", payload, { ip })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      await call(api, "/rest/user/login", { email: `u${i}@example.com`, password: "x" }, { ip });
    }
    const register = await call(api, "/rest/user/register", payload, { ip });
    expect(register.status).toBe(400);
    expect(register.body.error.code).toBe("CAPTCHA_REQUIRED");
    const restore = await call(api, "/rest/user/restore", { email: "new@example.com" }, { ip });
    expect(restore.body.error.code).toBe("CAPTCHA_REQUIRED");
    const withCaptcha = await call(
      api,
      "/rest/user/register",
      { ...payload, captcha: await solve() },
      { ip },
    );
    expect(withCaptcha.status, withCaptcha.text).toBe(200);
    // Restore for an account that failed twice (from any addresses) asks too.
    await call(api, "/rest/user/login", { email: "u0@example.com", password: "y" });
    const account = await call(
      api,
      "/rest/user/restore",
      { email: "U0@example.com" },
      { ip: "198.51.100.32" },
    );
    expect(account.body.error.code).toBe("CAPTCHA_REQUIRED");
    const other = await call(
      api,
      "/rest/user/restore",
      { email: "u1@example.com" },
      { ip: "198.51.100.32" },
    );
    expect(other.status).toBe(200);
  });

  it("asks for a captcha once an address was sent three letters this hour, known or not", async () => {
    const restore = (email: string, index: number, captcha?: string) =>
      call(api, "/rest/user/restore", { email, captcha }, { ip: `203.0.113.${200 + index}` });
    await signUp(api, "reader@example.com"); // its confirmation letter is the first
    for (const [email, before] of [
      ["reader@example.com", 1],
      ["stranger@example.com", 0],
    ] as const) {
      for (let i = before; i < 3; i++) expect((await restore(email, i)).status).toBe(200);
      const flood = await restore(email.toUpperCase(), 3);
      expect(flood.status).toBe(400);
      expect(flood.body.error.code).toBe("CAPTCHA_REQUIRED");
      expect((await restore(email, 4, await solve())).status).toBe(200);
    }
  });

  it("answers /api/verify with true or false, and bad input with the error shape", async () => {
    expect((await verifyCaptcha(api, { captcha: "nonsense" })).body).toEqual({
      data: { verified: false },
    });
    const missing = await verifyCaptcha(api, {}, "ru");
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({ captcha: "Капча — обязательное поле" });
    const unknown = await verifyCaptcha(api, { captcha: "x", extra: 1 });
    expect(unknown.status).toBe(422);
    const notJson = await api.app.inject({
      method: "POST",
      url: "/api/verify",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe("BAD_ENVELOPE");
    for (const body of [[], "x", 7, null]) {
      const notAnObject = await api.app.inject({
        method: "POST",
        url: "/api/verify",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      expect(notAnObject.statusCode, JSON.stringify(body)).toBe(400);
      expect(notAnObject.json().error.code).toBe("BAD_ENVELOPE");
    }
  });
});
