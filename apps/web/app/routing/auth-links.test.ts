import { describe, expect, it } from "vitest";
import {
  authLinkFromSearch,
  authLinkHome,
  authLinkKindFromPath,
  hasAuthLinkParam,
  isLinkToken,
  searchWithoutAuthLinks,
} from "./auth-links.ts";

const TOKEN = "Zx8_-abcDEF0123456789";

describe("e-mailed auth links (spec §2)", () => {
  it("accepts URL-safe tokens of 16 to 256 characters only", () => {
    expect(isLinkToken(TOKEN)).toBe(true);
    expect(isLinkToken("a".repeat(256))).toBe(true);
    expect(isLinkToken("a".repeat(15))).toBe(false);
    expect(isLinkToken("a".repeat(257))).toBe(false);
    expect(isLinkToken("complete")).toBe(false);
    expect(isLinkToken(`${"a".repeat(16)}.x`)).toBe(false);
    expect(isLinkToken(`${"a".repeat(16)};Path=/`)).toBe(false);
    expect(isLinkToken(null)).toBe(false);
  });

  it("tells the kind of link from the path, in every language", () => {
    expect(authLinkKindFromPath(`/restore/${TOKEN}`)).toBe("restore");
    expect(authLinkKindFromPath(`/en/confirm/${TOKEN}`)).toBe("confirm");
    expect(authLinkKindFromPath(`/uk/confirm-login/${TOKEN}`)).toBe("confirm-login");
    expect(authLinkKindFromPath("/about")).toBeNull();
    expect(authLinkKindFromPath("/constructor")).toBeNull();
  });

  it("tells the kind in any letter case, as the router matches it (decision 021)", () => {
    expect(authLinkKindFromPath(`/Restore/${TOKEN}`)).toBe("restore");
    expect(authLinkKindFromPath("/EN/CONFIRM-LOGIN/complete")).toBe("confirm-login");
  });

  it("goes home in the link's language with the parameter that opens the modal", () => {
    expect(authLinkHome("restore", "ru", false)).toBe("/?reset_token=1");
    expect(authLinkHome("confirm", "en", false)).toBe("/en?confirm_token=1");
    expect(authLinkHome("confirm-login", "uk", false)).toBe("/uk?confirm_login=1");
  });

  it("ignores restore and confirm links for a signed-in visitor, but not a login change", () => {
    expect(authLinkHome("restore", "en", true)).toBe("/en");
    expect(authLinkHome("confirm", "ru", true)).toBe("/");
    expect(authLinkHome("confirm-login", "ru", true)).toBe("/?confirm_login=1");
    expect(authLinkFromSearch("?reset_token=1", true)).toBeNull();
    expect(authLinkFromSearch("?confirm_token=1", true)).toBeNull();
    expect(authLinkFromSearch("?confirm_login=1", true)).toBe("confirm-login");
  });

  it("opens one modal at most, whatever the query holds", () => {
    expect(authLinkFromSearch("?reset_token=1", false)).toBe("restore");
    expect(authLinkFromSearch("?x=1&confirm_token", false)).toBe("confirm");
    expect(authLinkFromSearch("?confirm_login=1&reset_token=1", false)).toBe("restore");
    expect(authLinkFromSearch("?page=2", false)).toBeNull();
  });

  it("drops the modal parameters and keeps the rest", () => {
    expect(hasAuthLinkParam("?a=1&confirm_login=1")).toBe(true);
    expect(hasAuthLinkParam("?a=1")).toBe(false);
    expect(searchWithoutAuthLinks("?reset_token=1")).toBe("");
    expect(searchWithoutAuthLinks("?a=1&confirm_login=1&b=2")).toBe("?a=1&b=2");
  });
});
