import { createHash } from "node:crypto";
import { users, userTokens } from "@obmen/db";
import { eq } from "drizzle-orm";
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
  SITE,
  signUp,
  startAccountApi,
} from "./support/account-kit.ts";

describe("/rest/user/register", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startAccountApi();
  });
  afterAll(() => api.close());

  it("creates an unconfirmed user and mails a /confirm/{token} link; only the token's hash is stored", async () => {
    const result = await call(
      api,
      "/rest/user/register",
      { email: "  New.User@Example.com ", password: PASSWORD, agreement: true, rid: "partner-7" },
      { lang: "uk" },
    );
    expect(result.status).toBe(200);
    expect(result.text).toBe('{"data":{}}');

    const [user] = await api.db.select().from(users).where(eq(users.email, "new.user@example.com"));
    expect(user).toMatchObject({ lang: "uk", referrerRid: "partner-7", emailConfirmedAt: null });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const [letter] = await lettersTo(api, "new.user@example.com");
    expect(letter).toMatchObject({ kind: "account_confirm", locale: "uk", status: "pending" });
    expect(letter!.subject).toBe("Підтвердьте e-mail для Obmen");
    const token = await linkTokenSentTo(api, "new.user@example.com", "confirm");
    // The link is built on APP_URL, with the request's locale prefix.
    expect(letter!.text).toContain(`${SITE}/uk/confirm/${token}`);
    const [stored] = await api.db.select().from(userTokens).where(eq(userTokens.userId, user!.id));
    expect(stored!.kind).toBe("confirm");
    expect(stored!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("answers a registered address byte for byte like a new one, and mails its owner instead", async () => {
    await signUp(api, "owner@example.com");
    const fresh = await call(api, "/rest/user/register", {
      email: "stranger@example.com",
      password: OTHER_PASSWORD,
      agreement: true,
    });
    const known = await call(api, "/rest/user/register", {
      email: "OWNER@example.com",
      password: OTHER_PASSWORD,
      agreement: true,
    });
    expect({ status: known.status, text: known.text }).toEqual({
      status: fresh.status,
      text: fresh.text,
    });

    const letters = await lettersTo(api, "owner@example.com");
    expect(letters.map((letter) => letter.kind)).toEqual([
      "account_confirm",
      "account_register_attempt",
    ]);
    const attempt = letters[1]!;
    expect(attempt.text).toContain("Someone, perhaps you, tried to register");
    expect(attempt.text).toContain(`${SITE}/en/forgot`);
    // The account is untouched: the old password still signs in, the new one does not.
    expect((await logIn(api, "owner@example.com", OTHER_PASSWORD)).status).toBe(401);
    expect((await logIn(api, "owner@example.com", PASSWORD)).status).toBe(200);
  });

  it("spends the same argon2 work on a registered address as on a new one", async () => {
    await signUp(api, "timing@example.com");
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
    const known = await fastest(() =>
      call(api, "/rest/user/register", {
        email: "timing@example.com",
        password: OTHER_PASSWORD,
        agreement: true,
      }),
    );
    // Without the hash a known address would answer in a fraction of one.
    expect(known).toBeGreaterThan(oneHash * 0.6);
  });

  it("gives a second registration of an unconfirmed address its own link and password", async () => {
    await register(api, "twice@example.com", PASSWORD);
    const first = await linkTokenSentTo(api, "twice@example.com", "confirm");
    await register(api, "twice@example.com", OTHER_PASSWORD);
    const second = await linkTokenSentTo(api, "twice@example.com", "confirm");
    expect(second).not.toBe(first);

    // Confirming the first link gives the first registration's password, and voids the second.
    const confirmed = await call(api, "/rest/user/confirm", { confirm_token: first });
    expect(confirmed.status).toBe(200);
    expect((await call(api, "/rest/user/confirm", { confirm_token: second })).status).toBe(404);
    expect((await logIn(api, "twice@example.com", OTHER_PASSWORD)).status).toBe(401);
    expect((await logIn(api, "twice@example.com", PASSWORD)).status).toBe(200);
  });

  it("refuses a bad form field by field, in the request's language, and writes nothing", async () => {
    const before = await api.db.$count(users);
    const bad = await call(
      api,
      "/rest/user/register",
      { email: "not-an-address", password: "short", agreement: false },
      { lang: "ru" },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: {
        email: "Проверьте адрес e-mail.",
        password: "Не короче 10 символов.",
        agreement: "Чтобы зарегистрироваться, примите пользовательское соглашение.",
      },
    });

    const empty = await call(api, "/rest/user/register", {
      email: "",
      password: "violet-harbour-71",
      agreement: true,
    });
    expect(empty.body.error.fields).toEqual({ email: "E-mail is a required field" });

    const common = await call(api, "/rest/user/register", {
      email: "common@example.com",
      password: "Qwertyuiop",
      agreement: true,
    });
    expect(common.body.error.fields).toEqual({
      password: "This password is too common and easy to guess. Choose another one.",
    });
    const long = await call(api, "/rest/user/register", {
      email: "long@example.com",
      password: "x".repeat(129),
      agreement: true,
    });
    expect(long.body.error.fields).toEqual({ password: "No more than 128 characters." });

    const missing = await call(api, "/rest/user/register", { email: "a@example.com" });
    expect(missing.body.error.fields).toEqual({
      password: "Password is a required field",
      agreement: "Agreement with the rules is a required field",
    });
    const unknown = await call(api, "/rest/user/register", {
      email: "a@example.com",
      password: PASSWORD,
      agreement: true,
      admin: true,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toHaveProperty("admin");
    expect(await api.db.$count(users)).toBe(before);
  });
});
