import { describe, expect, it } from "vitest";
import {
  authLinkCookie,
  expiredAuthLinkCookie,
  isSignedIn,
  readCookie,
} from "./auth-cookies.server.ts";

const TOKEN = "Zx8_-abcDEF0123456789";

describe("auth cookies on the wire (spec §2, §4)", () => {
  it("keeps the token in a short-lived HttpOnly, SameSite=Lax cookie, Secure over https", () => {
    // Plain name=value exactly as before the move to the `cookie` package: e2e and other
    // clients read these names and values.
    expect(authLinkCookie("restore", TOKEN, false)).toBe(
      `reset_token=${TOKEN}; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(authLinkCookie("confirm", TOKEN, false)).toBe(
      `confirm_token=${TOKEN}; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(authLinkCookie("confirm-login", TOKEN, true)).toBe(
      `confirm_login=${TOKEN}; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(expiredAuthLinkCookie("confirm", false)).toBe(
      "confirm_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    );
    expect(expiredAuthLinkCookie("restore", true)).toBe(
      "reset_token=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax",
    );
  });

  it("reads one cookie from a Cookie header", () => {
    expect(readCookie("a=1; reset_token=abc; b", "reset_token")).toBe("abc");
    expect(readCookie("reset_token=abc;confirm_token=def", "confirm_token")).toBe("def");
    expect(readCookie("  token = s3ss10n ; a=1", "token")).toBe("s3ss10n");
    expect(readCookie("xreset_token=1", "reset_token")).toBeNull();
    expect(readCookie("token=first; token=second", "token")).toBe("first");
    expect(readCookie(null, "a")).toBeNull();
    expect(readCookie("", "a")).toBeNull();
  });

  it("percent-decodes values, and keeps a malformed escape as it came", () => {
    expect(readCookie("v=%41b", "v")).toBe("Ab");
    expect(readCookie("v=%E0%A4%A", "v")).toBe("%E0%A4%A");
  });

  it("round-trips a token it wrote", () => {
    const [pair] = authLinkCookie("restore", TOKEN, true).split(";");
    expect(readCookie(`locale=en; ${pair}`, "reset_token")).toBe(TOKEN);
  });

  it("treats a non-empty `token` cookie as signed in", () => {
    expect(isSignedIn("locale=en; token=s3ss10n")).toBe(true);
    expect(isSignedIn("token=")).toBe(false);
    expect(isSignedIn("locale=en")).toBe(false);
    expect(isSignedIn("xtoken=1")).toBe(false);
    expect(isSignedIn(null)).toBe(false);
  });
});
