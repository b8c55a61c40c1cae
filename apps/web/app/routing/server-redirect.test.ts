import { describe, expect, it } from "vitest";
import { followServerRedirect, parseRedirectTarget } from "./server-redirect.ts";

const SITE = "https://obmen.example";

describe("following a redirect the API returns (spec §2)", () => {
  it("keeps site paths and same-origin URLs inside the app", () => {
    expect(parseRedirectTarget("/en/order/1?x=1#top", SITE)).toEqual({
      kind: "internal",
      path: "/en/order/1?x=1#top",
    });
    expect(parseRedirectTarget("https://obmen.example/account", SITE)).toEqual({
      kind: "internal",
      path: "/account",
    });
  });

  it("treats other http(s) sites as external", () => {
    expect(parseRedirectTarget("https://pay.example/checkout?id=7", SITE)).toEqual({
      kind: "external",
      href: "https://pay.example/checkout?id=7",
    });
    expect(parseRedirectTarget("http://obmen.example/x", SITE)?.kind).toBe("external");
  });

  it("refuses what must never be followed", () => {
    for (const target of [
      "",
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example/x",
      "/\\evil.example",
      "/\t/evil.example",
      "https://user:pass@evil.example/",
      "ftp://files.example/x",
      "relative/path",
      `/${"a".repeat(2048)}`,
    ]) {
      expect(parseRedirectTarget(target, SITE), target).toBeNull();
    }
  });

  it("answers an internal redirect for the router and a document redirect for another site", () => {
    const internal = followServerRedirect("/en/about", SITE);
    expect(internal?.status).toBe(302);
    expect(internal?.headers.get("Location")).toBe("/en/about");
    expect(internal?.headers.get("X-Remix-Reload-Document")).toBeNull();

    const external = followServerRedirect("https://pay.example/x", SITE, 303);
    expect(external?.status).toBe(303);
    expect(external?.headers.get("Location")).toBe("https://pay.example/x");
    expect(external?.headers.get("X-Remix-Reload-Document")).toBe("true");

    expect(followServerRedirect("javascript:alert(1)", SITE)).toBeNull();
  });
});
