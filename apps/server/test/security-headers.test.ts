import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureWebBuild, startWebServer, type WebServer } from "./support/web-server.ts";

// Issue 16 point 7 (docs/decisions/033): security headers on every answer, a nonce CSP on
// the site's pages, HSTS only over HTTPS as a trusted proxy reports it, widget origins only
// when configured. Through real HTTP against the whole server.

const SITE = "https://obmen.example";
let plain: WebServer;
let proxied: WebServer;

beforeAll(async () => {
  ensureWebBuild();
  plain = await startWebServer({ APP_URL: SITE });
  proxied = await startWebServer({
    APP_URL: SITE,
    TRUST_PROXY: "true",
    CHAT_WIDGET_SRC: "https://chat.example/widget.js",
    CALLBACK_WIDGET_SRC: "https://call.example:8443/cb.js",
  });
}, 300_000);
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
});

/** A CSP header as directive → sources. */
function policy(response: Response): Map<string, string[]> {
  const header = response.headers.get("content-security-policy");
  expect(header, "Content-Security-Policy").toBeTruthy();
  return new Map(
    header!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectCommonHeaders(response: Response) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("referrer-policy")).toBe("same-origin");
  expect(policy(response).get("frame-ancestors")).toEqual(["'none'"]);
}

describe("a page of the site", () => {
  it("allows only its own scripts and the inline ones carrying this answer's nonce", async () => {
    const response = await fetch(`${plain.url}/en/faq`);
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    const csp = policy(response);
    const scripts = csp.get("script-src")!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(csp.get("style-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(
      scripts.find((source) => source.startsWith("'nonce-")) ?? "",
    )?.[1];
    expect(nonce).toBeDefined();
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    // No handler attribute or style attribute the policy would refuse.
    expect(html).not.toMatch(/\son[a-z]+="/);
    expect(html).not.toMatch(/\sstyle="/);
  });

  it("gets a new nonce on every render", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${plain.url}/faq`);
      await response.arrayBuffer();
      nonces.add(policy(response).get("script-src")!.join(" "));
    }
    expect(nonces.size).toBe(3);
  });

  it("names no widget origin when none is configured, and the configured ones otherwise", async () => {
    const without = policy(await fetch(`${plain.url}/`));
    expect(without.get("frame-src")).toEqual(["'none'"]);
    expect(without.get("connect-src")).toEqual(["'self'"]);

    const withWidgets = policy(await fetch(`${proxied.url}/`));
    for (const directive of ["script-src", "connect-src", "frame-src", "style-src"]) {
      expect(withWidgets.get(directive), directive).toEqual(
        expect.arrayContaining(["https://chat.example", "https://call.example:8443"]),
      );
    }
    expect(withWidgets.get("frame-src")).not.toContain("'none'");
  });
});

describe("answers that are not pages", () => {
  it.each([
    ["an API answer", "/rates.xml", 200],
    ["an API refusal", "/rest/no-such-call", 404],
    ["a content refusal (no API key)", "/content/pages/faq", 401],
    ["a static file", "/favicon.svg", 200],
    ["the health check", "/healthz", 200],
  ])("%s carries the headers and a policy that allows nothing", async (_name, path, status) => {
    const response = await fetch(`${plain.url}${path}`);
    expect(response.status).toBe(status);
    expectCommonHeaders(response);
    expect(policy(response).get("default-src")).toEqual(["'none'"]);
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("a built script of the site carries them too", async () => {
    const html = await (await fetch(`${plain.url}/`)).text();
    const asset =
      /<script[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ??
      /import\s*\(?\s*"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await fetch(`${plain.url}${asset}`);
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
  });

  it("the operator console keeps its own policy, with the common headers", async () => {
    const response = await fetch(`${plain.url}/admin`);
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    const csp = policy(response);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src") ?? csp.get("default-src")).not.toContain("'unsafe-inline'");
  });
});

describe("HSTS", () => {
  const overTls = { "x-forwarded-proto": "https", "x-forwarded-host": "obmen.example" };

  it("is sent when a trusted proxy says the visitor came over HTTPS", async () => {
    for (const path of ["/", "/rates.xml", "/favicon.svg"]) {
      const response = await fetch(`${proxied.url}${path}`, { headers: overTls });
      expect(response.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
    }
  });

  it("is not sent over plain HTTP, nor on the word of a proxy nobody trusted", async () => {
    const direct = await fetch(`${proxied.url}/`);
    expect(direct.headers.get("strict-transport-security")).toBeNull();
    const untrusted = await fetch(`${plain.url}/`, { headers: overTls });
    expect(untrusted.headers.get("strict-transport-security")).toBeNull();
  });
});
