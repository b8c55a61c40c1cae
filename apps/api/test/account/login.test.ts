import { users } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/account/password/password-hashing.ts";
import type { TestApi } from "../support/test-api.ts";
import {
  call,
  lettersTo,
  linkTokenSentTo,
  logIn,
  OTHER_PASSWORD,
  PASSWORD,
  register,
  signUp,
  startAccountApi,
} from "./support/account-kit.ts";

describe("/rest/user/login", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startAccountApi();
    await signUp(api, "member@example.com");
  });
  afterAll(() => api.close());

  it("signs in with the right password, whatever the address's letter case", async () => {
    const result = await call(
      api,
      "/rest/user/login",
      { email: " Member@Example.com", password: PASSWORD },
      { lang: "uk" },
    );
    expect(result.status).toBe(200);
    const { user_auth_token, user } = result.body.data;
    expect(user).toMatchObject({ email: "member@example.com", lang: "uk", email_confirmed: true });
    // Letters follow the language the user last signed in with.
    const [row] = await api.db.select().from(users).where(eq(users.email, "member@example.com"));
    expect(row!.lang).toBe("uk");
    const info = await call(api, "/rest/user/info", {}, { token: user_auth_token });
    expect(info.status).toBe(200);
  });

  it("answers a wrong password and an unknown e-mail byte for byte alike", async () => {
    const wrongPassword = await logIn(api, "member@example.com", OTHER_PASSWORD);
    const unknownEmail = await logIn(api, "nobody@example.com", OTHER_PASSWORD);
    const notAnAddress = await logIn(api, "nobody", OTHER_PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.error).toEqual({
      code: "INVALID_CREDENTIALS",
      message: "Wrong e-mail or password.",
      fields: { password: "Wrong e-mail or password." },
    });
    expect(unknownEmail.text).toBe(wrongPassword.text);
    expect(notAnAddress.text).toBe(wrongPassword.text);
  });

  it("spends the same argon2 work on an unknown e-mail as on a wrong password", async () => {
    const fastest = async (run: () => Promise<unknown>) => {
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        await run();
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const oneHash = await fastest(() => hashPassword(OTHER_PASSWORD));
    const unknown = await fastest(() => logIn(api, "nobody@example.com", OTHER_PASSWORD));
    expect(unknown).toBeGreaterThan(oneHash * 0.6);
  });

  it("tells an unconfirmed account so only after the right password, and mails the link again", async () => {
    await register(api, "pending@example.com");
    const wrong = await logIn(api, "pending@example.com", OTHER_PASSWORD);
    expect(wrong.text).toBe((await logIn(api, "nobody@example.com", OTHER_PASSWORD)).text);

    const right = await logIn(api, "pending@example.com", PASSWORD);
    expect(right.status).toBe(403);
    expect(right.body.error.code).toBe("EMAIL_NOT_CONFIRMED");
    expect(right.body.error.fields).toHaveProperty("email");
    // The registration's letter went out a moment ago: no second one yet.
    expect(await lettersTo(api, "pending@example.com")).toHaveLength(1);

    // Five minutes later a login sends a fresh link, which works and keeps the password.
    await api.db.execute(sql`update user_tokens set created_at = now() - interval '6 minutes'`);
    expect((await logIn(api, "pending@example.com", PASSWORD)).status).toBe(403);
    const letters = await lettersTo(api, "pending@example.com");
    expect(letters.map((letter) => letter.kind)).toEqual(["account_confirm", "account_confirm"]);
    const token = await linkTokenSentTo(api, "pending@example.com", "confirm");
    expect((await call(api, "/rest/user/confirm", { confirm_token: token })).status).toBe(200);
    expect((await logIn(api, "pending@example.com", PASSWORD)).status).toBe(200);
  });

  it("refuses a payload without a password as a form error", async () => {
    const result = await call(api, "/rest/user/login", { email: "member@example.com" });
    expect(result.status).toBe(422);
    expect(result.body.error.fields).toEqual({ password: "Password is a required field" });
  });

  it("stores a password only as an argon2id hash", async () => {
    const [row] = await api.db.select().from(users).where(eq(users.email, "member@example.com"));
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
