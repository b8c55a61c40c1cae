import { describe, expect, it } from "vitest";
import { clearedSessionCookies, readSessionToken, sessionCookie } from "./session-cookie.server.ts";

const TOKEN = "ivz6grbcfziasrn2v3cvdthuhh6iexum";

describe("the session cookie (spec §4)", () => {
  it("is token=…, HttpOnly and SameSite=Lax for 30 days, Secure over https", () => {
    expect(sessionCookie(TOKEN, false)).toBe(
      `token=${TOKEN}; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(sessionCookie(TOKEN, true)).toBe(
      `token=${TOKEN}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );
  });

  it("logout clears user and token, with the same attributes", () => {
    expect(clearedSessionCookies(true)).toEqual([
      "user=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
      "token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    ]);
  });

  it("reads a token that looks like one and nothing else", () => {
    expect(readSessionToken(`a=1; token=${TOKEN}`)).toBe(TOKEN);
    expect(readSessionToken("token=short")).toBeUndefined();
    expect(readSessionToken("token=has%20space%20in%20it%20x")).toBeUndefined();
    expect(readSessionToken("token=")).toBeUndefined();
    expect(readSessionToken(null)).toBeUndefined();
  });
});
