import { userSessions } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import { call, logIn, signUp, startAccountApi } from "./support/account-kit.ts";

const DAY_MS = 86_400_000;

describe("sessions: /rest/user/info and /rest/user/logout", () => {
  let api: TestApi;
  let userId: string;
  beforeAll(async () => {
    api = await startAccountApi();
    const token = await signUp(api, "session@example.com");
    userId = (await call(api, "/rest/user/info", {}, { token })).body.data.user.id;
  });
  afterAll(() => api.close());

  async function freshToken() {
    const result = await logIn(api, "session@example.com");
    expect(result.status).toBe(200);
    return result.body.data.user_auth_token as string;
  }

  async function sessionOf(token: string) {
    const { createHash } = await import("node:crypto");
    const hash = createHash("sha256").update(token).digest("hex");
    const [session] = await api.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.tokenHash, hash));
    if (!session) throw new Error("no session for that token");
    return session;
  }

  it("answers the user for a live token, by GET or POST", async () => {
    const token = await freshToken();
    for (const method of ["GET", "POST"] as const) {
      const info = await call(api, "/rest/user/info", {}, { token, method });
      expect(info.status).toBe(200);
      expect(info.body.data.user).toMatchObject({
        id: userId,
        email: "session@example.com",
        lang: "en",
        email_confirmed: true,
        first_name: null,
        last_name: null,
        phone: null,
        telegram: null,
      });
      expect(Date.parse(info.body.data.user.created_at)).not.toBeNaN();
    }
  });

  it("answers 401 UNAUTHORIZED without a token, for an unknown one, and before reading the payload", async () => {
    const none = await call(api, "/rest/user/info", {}, { lang: "ru" });
    expect(none.status).toBe(401);
    expect(none.body.error).toEqual({ code: "UNAUTHORIZED", message: "Войдите в аккаунт." });
    const unknown = await call(api, "/rest/user/info", {}, { token: "b".repeat(32), lang: "ru" });
    expect(unknown.text).toBe(none.text);
    const withJunk = await call(api, "/rest/user/info", { junk: 1 }, { lang: "ru" });
    expect(withJunk.text).toBe(none.text);
  });

  it("ends the session on logout, and only that one", async () => {
    const kept = await freshToken();
    const ended = await freshToken();
    const logout = await call(api, "/rest/user/logout", {}, { token: ended });
    expect(logout.status).toBe(200);
    expect(logout.text).toBe('{"data":{}}');
    expect((await call(api, "/rest/user/info", {}, { token: ended })).status).toBe(401);
    expect((await call(api, "/rest/user/logout", {}, { token: ended })).status).toBe(401);
    expect((await call(api, "/rest/user/info", {}, { token: kept })).status).toBe(200);
  });

  it("ends a session at its expiry", async () => {
    const token = await freshToken();
    const session = await sessionOf(token);
    await api.db
      .update(userSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userSessions.id, session.id));
    expect((await call(api, "/rest/user/info", {}, { token })).status).toBe(401);
  });

  it("slides the expiry 30 days ahead once a day, not on every call", async () => {
    const token = await freshToken();
    const session = await sessionOf(token);
    // Used a moment ago: another use writes nothing.
    await call(api, "/rest/user/info", {}, { token });
    expect(await sessionOf(token)).toEqual(session);

    // Last extended two days ago, ending in a day: a use moves it to 30 days from now.
    await api.db
      .update(userSessions)
      .set({
        lastSeenAt: sql`now() - interval '2 days'`,
        expiresAt: sql`now() + interval '1 day'`,
      })
      .where(eq(userSessions.id, session.id));
    const info = await call(api, "/rest/user/info", {}, { token, ip: "198.51.100.77" });
    expect(info.status).toBe(200);
    const slid = await sessionOf(token);
    expect(slid.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * DAY_MS);
    expect(Date.now() - slid.lastSeenAt.getTime()).toBeLessThan(DAY_MS);
    expect(slid.ip).toBe("198.51.100.77");
  });
});
