import { userTotp } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { currentTotpCode } from "../../src/account/totp/totp-codes.ts";
import type { TestApi } from "../support/test-api.ts";
import { call, lettersTo, PASSWORD, signUp } from "./support/account-kit.ts";
import { challengeFrom, solvedCaptcha, startSecuredApi } from "./support/security-kit.ts";

const STEP_MS = 30_000;

/**
 * A signed call a few milliseconds after the last: the clock stands still in this file (see
 * beforeAll), and two identical envelopes of one millisecond would be refused as a replay.
 */
function send(...args: Parameters<typeof call>) {
  vi.setSystemTime(Date.now() + 5);
  return call(...args);
}

describe("TOTP second factor", () => {
  let api: TestApi;
  let token: string;
  let userId: string;
  let secret: string;
  const logIn = (extra: Record<string, unknown> = {}, lang: "en" | "ru" | "uk" = "en") =>
    send(
      api,
      "/rest/user/login",
      { email: "two@example.com", password: PASSWORD, ...extra },
      { lang },
    );
  beforeAll(async () => {
    // The clock stands still at the start of a time step, so "the current code" cannot turn
    // into the next one between two calls; tests move it on explicitly.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + 1_000);
    api = await startSecuredApi({ policy: { secondCheckFailuresPerAccount: 6 } });
    token = await signUp(api, "two@example.com");
    userId = (await send(api, "/rest/user/info", {}, { token })).body.data.user.id;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await api.close();
  });

  it("sets up a pending secret: text, otpauth URI and QR code, stored sealed", async () => {
    const setup = await send(api, "/rest/user/totp/setup", {}, { token });
    expect(setup.status, setup.text).toBe(200);
    secret = setup.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.body.data.otpauth_uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("localhost");
    expect(decodeURIComponent(uri.pathname)).toContain("two@example.com");
    expect(setup.body.data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [row] = await api.db.select().from(userTotp).where(eq(userTotp.userId, userId));
    expect(row!.enabledAt).toBeNull();
    expect(row!.sealedSecret).not.toContain(secret);
    expect(row!.sealedSecret).toMatch(/^v1\./);
    // Pending: logins do not ask for a code yet, and the user shows it off.
    expect((await logIn()).status).toBe(200);
    const info = await send(api, "/rest/user/info", {}, { token });
    expect(info.body.data.user.totp_enabled).toBe(false);
  });

  it("switches on with a current code, not with a wrong one", async () => {
    const wrong = await send(
      api,
      "/rest/user/totp/enable",
      { code: "000000" },
      { token, lang: "uk" },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.fields.code).toBe(
      "Код неправильний або вже використаний. Дочекайтеся наступного і спробуйте знову.",
    );
    const enabled = await send(
      api,
      "/rest/user/totp/enable",
      { code: currentTotpCode(secret) },
      { token },
    );
    expect(enabled.status, enabled.text).toBe(200);
    const info = await send(api, "/rest/user/info", {}, { token });
    expect(info.body.data.user.totp_enabled).toBe(true);
    // The owner hears of it, in case a stolen session did it.
    const letter = (await lettersTo(api, "two@example.com")).at(-1)!;
    expect(letter.kind).toBe("account_totp_enabled");
    expect(letter.text).toContain("Two-factor authentication has just been switched on");
    const again = await send(api, "/rest/user/totp/setup", {}, { token });
    expect(again.status).toBe(409);
  });

  it("asks a login for the code after the right password, and takes each code once", async () => {
    const asked = await logIn({}, "ru");
    expect(asked.status).toBe(401);
    expect(asked.body.error).toEqual({
      code: "TOTP_REQUIRED",
      message: "Введите код из приложения-аутентификатора.",
      fields: { totp: "Введите шестизначный код из приложения-аутентификатора." },
    });
    // The code that switched TOTP on was spent: the same one is refused.
    const reusedFromEnable = await logIn({ totp: currentTotpCode(secret) });
    expect(reusedFromEnable.status).toBe(401);
    expect(reusedFromEnable.body.error.code).toBe("TOTP_INVALID");
    // A wrong password never reaches the code question.
    const wrongPassword = await logIn({ password: "not-the-password-1", totp: "123456" });
    expect(wrongPassword.body.error.code).toBe("INVALID_CREDENTIALS");

    const next = currentTotpCode(secret, Date.now() + STEP_MS);
    const signedIn = await logIn({ totp: next });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data.user.totp_enabled).toBe(true);
    const replayed = await logIn({ totp: next });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.code).toBe("TOTP_INVALID");
  });

  it("switches off only with the password and a fresh code", async () => {
    const code = currentTotpCode(secret, Date.now() + STEP_MS);
    const wrongPassword = await send(
      api,
      "/rest/user/totp/disable",
      { password: "not-the-password-1", code },
      { token },
    );
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.body.error.fields).toEqual({ password: "The password is wrong." });
    // Spent by the last login.
    const spent = await send(
      api,
      "/rest/user/totp/disable",
      { password: PASSWORD, code },
      { token },
    );
    expect(spent.status).toBe(422);
    expect(spent.body.error.fields).toHaveProperty("code");

    // A minute later a new code comes up (the clock moved; the spent steps are behind it).
    vi.setSystemTime(Date.now() + 2 * STEP_MS);
    const off = await send(
      api,
      "/rest/user/totp/disable",
      { password: PASSWORD, code: currentTotpCode(secret) },
      { token },
    );
    expect(off.status, off.text).toBe(200);
    expect((await logIn()).status).toBe(200);
    expect(await api.db.select().from(userTotp).where(eq(userTotp.userId, userId))).toEqual([]);
    const kinds = (await lettersTo(api, "two@example.com")).map((letter) => letter.kind);
    expect(kinds.slice(-2)).toEqual(["account_totp_enabled", "account_totp_disabled"]);
  });

  it("makes an account wait after six wrong codes from one address, even for the right one", async () => {
    const other = await signUp(api, "brute@example.com");
    const setup = await send(api, "/rest/user/totp/setup", {}, { token: other });
    const otherSecret = setup.body.data.secret as string;
    const on = await send(
      api,
      "/rest/user/totp/enable",
      { code: currentTotpCode(otherSecret) },
      { token: other },
    );
    expect(on.status).toBe(200);
    const statuses = [];
    for (const code of ["000001", "000002", "000003", "000004", "000005", "000006"]) {
      const guess = await send(api, "/rest/user/login", {
        email: "brute@example.com",
        password: PASSWORD,
        totp: code,
      });
      statuses.push(guess.body.error.code);
    }
    expect(new Set(statuses)).toEqual(new Set(["TOTP_INVALID"]));
    const waiting = await send(api, "/rest/user/login", {
      email: "brute@example.com",
      password: PASSWORD,
      totp: currentTotpCode(otherSecret, Date.now() + STEP_MS),
    });
    expect(waiting.status).toBe(429);
    expect(waiting.body.error.code).toBe("RATE_LIMITED");
    expect(Number(waiting.body.error.details.retry_after)).toBeGreaterThan(0);
  });
});

describe("a login's wrong TOTP codes (issue 26 point 4)", () => {
  let api: TestApi;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + 1_000);
    api = await startSecuredApi({
      policy: { secondCheckFailuresPerAccount: 3, captchaAfterAccountFailures: 3 },
    });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await api.close();
  });

  it("make only the guessing address wait: the owner elsewhere gets in with a captcha", async () => {
    const token = await signUp(api, "owner@example.com");
    const setup = await send(api, "/rest/user/totp/setup", {}, { token });
    const secret = setup.body.data.secret as string;
    const on = await send(
      api,
      "/rest/user/totp/enable",
      { code: currentTotpCode(secret) },
      { token },
    );
    expect(on.status).toBe(200);
    const attacker = "203.0.113.66";
    const owner = "198.51.100.44";
    const login = async (ip: string, extra: Record<string, unknown>) =>
      send(
        api,
        "/rest/user/login",
        { email: "owner@example.com", password: PASSWORD, ...extra },
        { ip },
      );
    for (const code of ["000001", "000002", "000003"]) {
      const guess = await login(attacker, { totp: code });
      expect(guess.body.error.code).toBe("TOTP_INVALID");
    }
    const right = () => currentTotpCode(secret, Date.now() + STEP_MS);
    // The guesser's address waits, even with a captcha and the right code.
    const waiting = await login(attacker, {
      totp: right(),
      captcha: await solvedCaptcha(() => challengeFrom(api, attacker)),
    });
    expect(waiting.status, waiting.text).toBe(429);
    expect(waiting.body.error.details.retry_after).toBeGreaterThan(0);
    // The owner, elsewhere: asked for a captcha (the account has failed lately), then in.
    const asked = await login(owner, { totp: right() });
    expect(asked.status, asked.text).toBe(400);
    expect(asked.body.error.code).toBe("CAPTCHA_REQUIRED");
    const signedIn = await login(owner, {
      totp: right(),
      captcha: await solvedCaptcha(() => challengeFrom(api, owner)),
    });
    expect(signedIn.status, signedIn.text).toBe(200);
  });
});
