import { userSessions, users } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import {
  call,
  expireLinkTokens,
  linkTokenSentTo,
  register,
  startAccountApi,
} from "./support/account-kit.ts";

describe("/rest/user/confirm", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startAccountApi();
  });
  afterAll(() => api.close());

  it("confirms the address and signs the user in", async () => {
    await register(api, "confirm-me@example.com");
    const token = await linkTokenSentTo(api, "confirm-me@example.com", "confirm");
    const result = await call(
      api,
      "/rest/user/confirm",
      { confirm_token: token, user_agent: "Mozilla/5.0 (Android 14)" },
      { ip: "198.51.100.4" },
    );
    expect(result.status).toBe(200);
    const { user_auth_token, user } = result.body.data;
    expect(user_auth_token).toMatch(/^[a-z2-7]{32}$/);
    expect(user).toMatchObject({ email: "confirm-me@example.com", email_confirmed: true });

    const info = await call(api, "/rest/user/info", {}, { token: user_auth_token });
    expect(info.body.data.user).toEqual(user);
    const [session] = await api.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, user.id));
    expect(session).toMatchObject({ ip: "198.51.100.4", userAgent: "Mozilla/5.0 (Android 14)" });
    expect(session!.tokenHash).not.toBe(user_auth_token);
  });

  it("answers a used, an expired and an unknown token alike, and confirms nothing", async () => {
    await register(api, "reuse@example.com");
    const token = await linkTokenSentTo(api, "reuse@example.com", "confirm");
    expect((await call(api, "/rest/user/confirm", { confirm_token: token })).status).toBe(200);
    const used = await call(api, "/rest/user/confirm", { confirm_token: token });

    await register(api, "late@example.com");
    const late = await linkTokenSentTo(api, "late@example.com", "confirm");
    await expireLinkTokens(api);
    const expired = await call(api, "/rest/user/confirm", { confirm_token: late });
    const unknown = await call(api, "/rest/user/confirm", { confirm_token: "a".repeat(32) });

    expect(used.status).toBe(404);
    expect(used.body.error).toEqual({
      code: "NOT_FOUND",
      message: "Not found.",
      fields: { confirm_token: "The link is invalid or has expired. Ask for a new e-mail." },
    });
    expect(expired.text).toBe(used.text);
    expect(unknown.text).toBe(used.text);
    const [lateUser] = await api.db.select().from(users).where(eq(users.email, "late@example.com"));
    expect(lateUser!.emailConfirmedAt).toBeNull();
  });

  it("refuses a payload without the token", async () => {
    const result = await call(api, "/rest/user/confirm", {});
    expect(result.status).toBe(422);
    expect(result.body.error.fields).toEqual({
      confirm_token: "Link from the e-mail is a required field",
    });
  });
});
