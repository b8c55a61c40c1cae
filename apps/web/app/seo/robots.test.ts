import { describe, expect, it } from "vitest";
import { buildRobotsTxt } from "./robots.ts";

describe("robots.txt", () => {
  const text = buildRobotsTxt("https://obmen.example");
  const lines = text.split("\n");

  it("allows everything but private pages and the API, in every language", () => {
    expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"]);
    for (const path of [
      "/order/",
      "/en/order/",
      "/uk/order/",
      "/account",
      "/en/account",
      "/restore/",
      "/uk/confirm/",
      "/en/confirm-login/",
      "/rest/",
      "/api/",
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain("Disallow: /");
  });

  it("points to the sitemap by absolute URL", () => {
    expect(lines).toContain("Sitemap: https://obmen.example/sitemap.xml");
  });
});
