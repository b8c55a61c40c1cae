import { userSessions } from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import {
  callAs,
  logInAgain,
  signUpUser,
  startAccountDataApi,
  type TestUser,
} from "./support/account-data-kit.ts";

describe("active sessions: /rest/user/session/list|revoke", () => {
  let api: TestApi;
  let user: TestUser;
  beforeAll(async () => {
    api = await startAccountDataApi();
    user = await signUpUser(api, "devices@example.com");
  });
  afterAll(() => api?.close());

  const sessions = async (token = user.token) =>
    (await callAs(api, user, "/rest/user/session/list", {}, { token })).body.data as any[];

  it("lists the live sessions with their times, address and browser, marking the caller's", async () => {
    const phone = await logInAgain(api, user, "Mozilla/5.0 (iPhone) Safari/605.1");
    const listed = await callAs(api, user, "/rest/user/session/list");
    expect(listed.status, listed.text).toBe(200);
    const list = listed.body.data as any[];
    expect(list).toHaveLength(2);
    const current = list.find((session) => session.current);
    const other = list.find((session) => !session.current);
    expect(current).toMatchObject({ ip: user.ip, user_agent: null });
    expect(other).toMatchObject({ ip: user.ip, user_agent: "Mozilla/5.0 (iPhone) Safari/605.1" });
    for (const session of list) {
      expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(session.created_at)).not.toBeNaN();
      expect(Date.parse(session.last_seen_at)).not.toBeNaN();
      expect(Object.keys(session).sort()).toEqual([
        "created_at",
        "current",
        "id",
        "ip",
        "last_seen_at",
        "user_agent",
      ]);
    }
    // Seen from the phone, the phone's session is the current one.
    const fromPhone = await sessions(phone);
    expect(fromPhone.find((session) => session.current)!.id).toBe(other.id);
  });

  it("leaves ended and expired sessions out", async () => {
    const gone = await logInAgain(api, user);
    const expired = await logInAgain(api, user);
    const before = await sessions();
    await callAs(api, user, "/rest/user/logout", {}, { token: gone });
    const expiredId = (await sessions(expired)).find((session) => session.current)!.id;
    await api.db
      .update(userSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userSessions.id, expiredId));
    expect(await sessions()).toHaveLength(before.length - 2);
  });

  it("ends another session: its token stops working, the caller's goes on", async () => {
    const laptop = await logInAgain(api, user, "Laptop browser");
    const laptopId = (await sessions(laptop)).find((session) => session.current)!.id;
    const revoked = await callAs(api, user, "/rest/user/session/revoke", { id: laptopId });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.text).toBe('{"data":{}}');
    expect((await callAs(api, user, "/rest/user/info", {}, { token: laptop })).status).toBe(401);
    expect((await callAs(api, user, "/rest/user/info")).status).toBe(200);
    expect((await sessions()).some((session) => session.id === laptopId)).toBe(false);

    const again = await callAs(
      api,
      user,
      "/rest/user/session/revoke",
      { id: laptopId },
      { lang: "uk" },
    );
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({ code: "NOT_FOUND", message: "Не знайдено." });
  });

  it("answers 404 for an unknown session and 422 for a malformed id", async () => {
    const unknown = await callAs(api, user, "/rest/user/session/revoke", {
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
    const malformed = await callAs(api, user, "/rest/user/session/revoke", { id: "1" });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.error.fields)).toEqual(["id"]);
  });

  it("ends the caller's own session when asked to, as logout does", async () => {
    const own = await logInAgain(api, user);
    const ownId = (await sessions(own)).find((session) => session.current)!.id;
    expect(
      (await callAs(api, user, "/rest/user/session/revoke", { id: ownId }, { token: own })).status,
    ).toBe(200);
    expect((await callAs(api, user, "/rest/user/session/list", {}, { token: own })).status).toBe(
      401,
    );
  });
});
