import type { ObmenClient } from "@obmen/contracts/sdk";
import { describe, expect, it } from "vitest";
import { createLoadContext } from "../web-context.server.ts";
import { ridArrivalRedirect } from "./rid-arrival.server.ts";

/** The SDK's click call, recording what it was asked, failing when told to. */
function fakeApi(fail = false) {
  const clicks: { rid: string; ip: string; lang: string }[] = [];
  const api = {
    affiliate: {
      click: async (caller: { ip: string; lang: string }, rid: string) => {
        clicks.push({ rid, ip: caller.ip, lang: caller.lang });
        if (fail) throw new Error("API down");
        return { counted: true };
      },
    },
  } as unknown as ObmenClient;
  return { api, clicks };
}

async function arrive(
  path: string,
  options: { cookie?: string; method?: string; fail?: boolean } = {},
) {
  const { api, clicks } = fakeApi(options.fail);
  const warnings: string[] = [];
  const context = createLoadContext({
    api,
    clientIp: "203.0.113.7",
    appOrigin: "https://obmen.test",
    widgets: {},
    log: { warn: (_details, message) => warnings.push(message), error: () => {} },
  });
  const url = new URL(path, "https://obmen.test");
  const request = new Request(url, {
    method: options.method ?? "GET",
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const response = await ridArrivalRedirect(context, request, url);
  return { response, clicks, warnings };
}

describe("a page request with ?rid= (the root middleware)", () => {
  it("counts the click with the visitor's IP, sets rid and redirects to the clean URL", async () => {
    const { response, clicks } = await arrive("/en/faq?rid=abcdefgh23456789&utm_source=x");
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe("/en/faq?utm_source=x");
    expect(response?.headers.get("cache-control")).toBe("private, no-store");
    expect(response?.headers.getSetCookie()).toEqual([
      "rid=abcdefgh23456789; Max-Age=15552000; Path=/; Secure; SameSite=Lax",
    ]);
    expect(clicks).toEqual([{ rid: "abcdefgh23456789", ip: "203.0.113.7", lang: "en" }]);
  });

  it("keeps the first partner and sets the secondary for a different one", async () => {
    const { response } = await arrive("/?rid=second", { cookie: "rid=first" });
    expect(response?.headers.getSetCookie().map((cookie) => cookie.split(";")[0])).toEqual([
      "rid_secondary=second",
      "rid_arrived=1",
    ]);
  });

  it("cleans a malformed rid from the URL without a cookie or a click", async () => {
    const { response, clicks } = await arrive("/reserve?rid=%3Cscript%3E");
    expect(response?.headers.get("location")).toBe("/reserve");
    expect(response?.headers.getSetCookie()).toEqual([]);
    expect(clicks).toEqual([]);
  });

  it("still sets the cookie and redirects when the click cannot be counted", async () => {
    const { response, warnings } = await arrive("/?rid=partner1", { fail: true });
    expect(response?.status).toBe(302);
    expect(response?.headers.getSetCookie()[0]).toMatch(/^rid=partner1;/);
    expect(warnings).toEqual(["referral click was not counted"]);
  });

  it("leaves other requests alone: no rid, or a post", async () => {
    expect((await arrive("/faq")).response).toBeUndefined();
    expect((await arrive("/login?rid=partner1", { method: "POST" })).response).toBeUndefined();
  });
});
