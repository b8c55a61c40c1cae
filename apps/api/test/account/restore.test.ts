import { mailOutbox, userTokens } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import {
  call,
  expireLinkTokens,
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

describe("/rest/user/restore and /rest/user/restore_confirm", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startAccountApi();
  });
  afterAll(() => api.close());

  it("answers known and unknown addresses alike, and mails only the known one", async () => {
    await signUp(api, "forgetful@example.com");
    const mailsBefore = await api.db.$count(mailOutbox);
    const known = await call(api, "/rest/user/restore", { email: "Forgetful@example.com" });
    const unknown = await call(api, "/rest/user/restore", { email: "ghost@example.com" });
    expect(known.status).toBe(200);
    expect(known.text).toBe('{"data":{}}');
    expect(unknown.text).toBe(known.text);
    expect(await api.db.$count(mailOutbox)).toBe(mailsBefore + 1);

    const letter = (await lettersTo(api, "forgetful@example.com")).at(-1)!;
    expect(letter).toMatchObject({ kind: "account_reset", locale: "en" });
    const token = await linkTokenSentTo(api, "forgetful@example.com", "restore");
    expect(letter.text).toContain(`${SITE}/en/restore/${token}`);
    const [stored] = await api.db.select().from(userTokens).where(eq(userTokens.kind, "reset"));
    // An hour to use it.
    const lifetime = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(3_590_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);
  });

  it("refuses what is no address at all, which reveals nothing, and mails nothing", async () => {
    const mailsBefore = await api.db.$count(mailOutbox);
    const malformed = await call(api, "/rest/user/restore", { email: "ghost" }, { lang: "uk" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.fields).toEqual({ email: "Перевірте адресу e-mail." });
    const empty = await call(api, "/rest/user/restore", { email: "  " });
    expect(empty.body.error.fields).toEqual({ email: "E-mail is a required field" });
    expect(await api.db.$count(mailOutbox)).toBe(mailsBefore);
  });

  it("sets the new password once, ends every session and mails a notice", async () => {
    const first = await signUp(api, "reset@example.com");
    const second = (await logIn(api, "reset@example.com")).body.data.user_auth_token;
    await call(api, "/rest/user/restore", { email: "reset@example.com" }, { lang: "ru" });
    const token = await linkTokenSentTo(api, "reset@example.com", "restore");

    // A refused password leaves the link usable.
    const weak = await call(
      api,
      "/rest/user/restore_confirm",
      { reset_token: token, new_password: "1q2w3e4r5t" },
      { lang: "ru" },
    );
    expect(weak.status).toBe(422);
    expect(weak.body.error.fields).toEqual({
      new_password: "Этот пароль слишком распространён, его легко подобрать. Придумайте другой.",
    });

    const done = await call(api, "/rest/user/restore_confirm", {
      reset_token: token,
      new_password: OTHER_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect(done.text).toBe('{"data":{}}');
    for (const session of [first, second]) {
      expect((await call(api, "/rest/user/info", {}, { token: session })).status).toBe(401);
    }
    expect((await logIn(api, "reset@example.com", PASSWORD)).status).toBe(401);
    expect((await logIn(api, "reset@example.com", OTHER_PASSWORD)).status).toBe(200);
    const notice = (await lettersTo(api, "reset@example.com")).at(-1)!;
    expect(notice.kind).toBe("account_password_changed");

    const again = await call(api, "/rest/user/restore_confirm", {
      reset_token: token,
      new_password: "third-password-99",
    });
    expect(again.status).toBe(404);
    expect(again.body.error.fields).toHaveProperty("reset_token");
  });

  it("refuses an expired link like an unknown one", async () => {
    await signUp(api, "slow@example.com");
    await call(api, "/rest/user/restore", { email: "slow@example.com" });
    const token = await linkTokenSentTo(api, "slow@example.com", "restore");
    await expireLinkTokens(api);
    const expired = await call(api, "/rest/user/restore_confirm", {
      reset_token: token,
      new_password: OTHER_PASSWORD,
    });
    const unknown = await call(api, "/rest/user/restore_confirm", {
      reset_token: "c".repeat(32),
      new_password: OTHER_PASSWORD,
    });
    expect(expired.status).toBe(404);
    expect(expired.text).toBe(unknown.text);
    expect((await logIn(api, "slow@example.com", PASSWORD)).status).toBe(200);
  });

  it("confirms an unconfirmed address, since the link proved the mailbox", async () => {
    await register(api, "never-confirmed@example.com");
    await call(api, "/rest/user/restore", { email: "never-confirmed@example.com" });
    const token = await linkTokenSentTo(api, "never-confirmed@example.com", "restore");
    await call(api, "/rest/user/restore_confirm", {
      reset_token: token,
      new_password: OTHER_PASSWORD,
    });
    const login = await logIn(api, "never-confirmed@example.com", OTHER_PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body.data.user.email_confirmed).toBe(true);
  });
});
