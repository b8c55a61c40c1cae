import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path.ts";

describe("where to go after signing in (?next=)", () => {
  it("keeps a path on this site, without its locale prefix, with its query", () => {
    expect(safeNextPath("/account/wallets")).toBe("/account/wallets");
    expect(safeNextPath("/uk/account/wallets")).toBe("/account/wallets");
    expect(safeNextPath("/en")).toBe("/");
    expect(safeNextPath("/exchange/BTC/SBERRUB?x=1")).toBe("/exchange/BTC/SBERRUB?x=1");
  });

  it("refuses anything that could leave the site or is not a path", () => {
    for (const value of [
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/\t/evil.example",
      "/\n/evil.example",
      " /account",
      "account",
      "",
      `/${"a".repeat(600)}`,
      null,
      undefined,
      42,
    ]) {
      expect(safeNextPath(value), String(value)).toBeNull();
    }
  });

  it("never yields a protocol-relative path, even through a locale prefix", () => {
    expect(safeNextPath("/ru//evil.example")).toBe("/evil.example");
    expect(safeNextPath("/uk//evil.example")?.startsWith("//")).toBe(false);
  });
});
