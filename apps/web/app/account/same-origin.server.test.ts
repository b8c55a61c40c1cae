import { describe, expect, it } from "vitest";
import { isCrossSitePost, isFormBody } from "./same-origin.server.ts";

const SITE = "https://obmen.example";
const post = (headers: Record<string, string>, url = `${SITE}/login`) =>
  new Request(url, { method: "POST", headers, body: "a=1" });

describe("form posts from another site (CSRF)", () => {
  it("accepts the site's own origin, the public one and the one the request reached", () => {
    expect(isCrossSitePost(post({ origin: SITE }), [SITE])).toBe(false);
    // Behind a proxy the request may reach us as another host; APP_URL's origin still counts.
    expect(isCrossSitePost(post({ origin: SITE }, "http://10.0.0.5:3000/login"), [SITE])).toBe(
      false,
    );
    expect(
      isCrossSitePost(post({ origin: "http://10.0.0.5:3000" }, "http://10.0.0.5:3000/x"), [SITE]),
    ).toBe(false);
  });

  it("refuses another origin, an opaque one and a look-alike", () => {
    for (const origin of [
      "https://evil.example",
      "null",
      "https://obmen.example.evil.com",
      "http://obmen.example",
    ]) {
      expect(isCrossSitePost(post({ origin }), [SITE]), origin).toBe(true);
    }
  });

  it("falls back on Sec-Fetch-Site, then on the Referer, when there is no Origin", () => {
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-origin" }), [SITE])).toBe(false);
    expect(isCrossSitePost(post({ "sec-fetch-site": "cross-site" }), [SITE])).toBe(true);
    expect(isCrossSitePost(post({ "sec-fetch-site": "same-site" }), [SITE])).toBe(true);
    expect(isCrossSitePost(post({ referer: `${SITE}/account` }), [SITE])).toBe(false);
    expect(isCrossSitePost(post({ referer: "https://evil.example/" }), [SITE])).toBe(true);
    expect(isCrossSitePost(post({ referer: "not a url" }), [SITE])).toBe(true);
  });

  it("refuses a post that sends none of them: nothing shows it came from our page", () => {
    expect(isCrossSitePost(post({}), [SITE])).toBe(true);
  });

  it("never refuses a read", () => {
    const get = new Request(`${SITE}/account`, { headers: { origin: "https://evil.example" } });
    expect(isCrossSitePost(get, [SITE])).toBe(false);
  });
});

describe("what a form action accepts as a body", () => {
  it("takes the two HTML form encodings only", () => {
    const body = (type: string | null) =>
      new Request(`${SITE}/login`, {
        method: "POST",
        headers: type ? { "content-type": type } : {},
        body: "x",
      });
    expect(isFormBody(body("application/x-www-form-urlencoded"))).toBe(true);
    expect(isFormBody(body("multipart/form-data; boundary=abc"))).toBe(true);
    expect(isFormBody(body("Application/X-WWW-Form-Urlencoded;charset=UTF-8"))).toBe(true);
    expect(isFormBody(body("application/json"))).toBe(false);
    expect(isFormBody(body("text/plain"))).toBe(false);
    expect(isFormBody(new Request(`${SITE}/login`, { method: "POST" }))).toBe(false);
    expect(isFormBody(new Request(`${SITE}/`))).toBe(true);
  });
});
