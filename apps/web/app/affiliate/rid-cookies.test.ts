import { describe, expect, it } from "vitest";
import {
  arrivalCookies,
  effectiveRid,
  RID_ARRIVED_COOKIE,
  RID_MAX_AGE_SECONDS,
  RID_SECONDARY_MAX_AGE_SECONDS,
  RID_SESSION_KEY,
  RID_TAB_FIELD,
  RID_TAB_SCRIPT_SRC,
  readRidCookies,
  urlWithoutRid,
} from "./rid-cookies.ts";

describe("referral cookies on arrival (spec §4, §9)", () => {
  it("a first visit gets rid for 180 days, and nothing else", () => {
    const cookies = arrivalCookies("partnera", null, false);
    expect(cookies).toEqual([`rid=partnera; Max-Age=${RID_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`]);
    expect(RID_MAX_AGE_SECONDS).toBe(15_552_000);
  });

  it("the same rid again changes nothing: the 180 days run from the first visit", () => {
    expect(arrivalCookies("partnera", "rid=partnera; other=1", true)).toEqual([]);
  });

  it("a different rid keeps the first and sets the secondary for 24 hours, with the marker", () => {
    const cookies = arrivalCookies("partnerb", "rid=partnera", true);
    expect(cookies).toEqual([
      `rid_secondary=partnerb; Max-Age=${RID_SECONDARY_MAX_AGE_SECONDS}; Path=/; Secure; SameSite=Lax`,
      "rid_arrived=1; Max-Age=300; Path=/; Secure; SameSite=Lax",
    ]);
    expect(RID_SECONDARY_MAX_AGE_SECONDS).toBe(86_400);
    expect(cookies.some((cookie) => cookie.startsWith("rid="))).toBe(false);
  });

  it("a malformed rid sets nothing, and a malformed cookie counts as none", () => {
    expect(arrivalCookies("", null, false)).toEqual([]);
    expect(arrivalCookies("a b", null, false)).toEqual([]);
    expect(arrivalCookies("x".repeat(65), null, false)).toEqual([]);
    expect(arrivalCookies("partnerb", "rid=%3Cscript%3E", false)[0]).toMatch(/^rid=partnerb;/);
  });
});

describe("the URL without rid", () => {
  it("drops every rid and keeps the rest, in order", () => {
    const at = (path: string) => urlWithoutRid(new URL(path, "https://obmen.test"));
    expect(at("/?rid=abc")).toBe("/");
    expect(at("/en/exchange/btc/eth?utm_source=x&rid=abc&page=2")).toBe(
      "/en/exchange/btc/eth?utm_source=x&page=2",
    );
    expect(at("/partner?rid=a&rid=b")).toBe("/partner");
  });
});

describe("which rid a form passes on", () => {
  const both = "rid=first; rid_secondary=second";
  it("the first partner's, unless the tab holds the session-storage name", () => {
    expect(effectiveRid(both, false)).toBe("first");
    expect(effectiveRid(both, true)).toBe("second");
  });
  it("falls back to whichever cookie exists, and to none", () => {
    expect(effectiveRid("rid=first", true)).toBe("first");
    expect(effectiveRid("rid_secondary=second", false)).toBe("second");
    expect(effectiveRid(null, true)).toBeNull();
    expect(readRidCookies("rid=bad%20value")).toEqual({ rid: null, secondary: null });
  });
});

describe("the browser's script", () => {
  it("uses the names the server reads", async () => {
    const { readFile } = await import("node:fs/promises");
    const path = new URL(`../../public${RID_TAB_SCRIPT_SRC}`, import.meta.url);
    const script = await readFile(path, "utf8");
    expect(script).toContain(`"${RID_SESSION_KEY}"`);
    expect(script).toContain(`${RID_ARRIVED_COOKIE}=1`);
    expect(script).toContain(`"${RID_TAB_FIELD}", "1"`);
  });
});
