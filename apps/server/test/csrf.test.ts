import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureWebBuild, startWebServer, type WebServer } from "./support/web-server.ts";

// Issue 16 point 8 (docs/decisions/033): every post to the site (page actions, resource
// routes, React Router's data requests) must come from the site itself. A refusal is a 403
// page in the visitor's language, never a 500, and logs nothing; behind a TLS proxy a
// legitimate post passes, with or without TRUST_PROXY.

const SITE = "https://obmen.example";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const LOGIN = "email=nobody%40example.com&password=wrong-password-123";
let plain: WebServer;
let proxied: WebServer;
const consoleError = vi.spyOn(console, "error");

beforeAll(async () => {
  ensureWebBuild();
  plain = await startWebServer({ APP_URL: SITE });
  proxied = await startWebServer({ APP_URL: SITE, TRUST_PROXY: "true" });
}, 300_000);
afterAll(async () => {
  await plain?.close();
  await proxied?.close();
});
afterEach(() => {
  // React Router logs what it refuses itself with a stack trace; nothing may reach it.
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockClear();
});

/**
 * Each answer is read whole before the test looks at it: a page left unread holds its
 * connection busy (the server cannot finish writing it), and the server's close then waits for
 * it until the hook times out.
 */
const post = async (
  server: WebServer,
  path: string,
  headers: Record<string, string>,
  body = LOGIN,
) => {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { ...FORM, ...headers },
    body,
    redirect: "manual",
  });
  const read = await response.arrayBuffer();
  return new Response(read, { status: response.status, headers: response.headers });
};

describe("a post from another site", () => {
  it.each([
    ["/login", "Форма не принята", "Форма отправлена с другого сайта"],
    ["/en/login", "The form was not accepted", "This form was sent from another site"],
    ["/uk/login", "Форму не прийнято", "Форму надіслано з іншого сайту"],
  ])("%s answers a 403 page in the page's language", async (path, title, message) => {
    const response = await post(plain, path, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain(title);
    expect(html).toContain(message);
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["an opaque Origin", { origin: "null" }],
    ["an Origin that is no URL", { origin: "not a url" }],
    ["no Origin, Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
    ["no Origin, a foreign Referer", { referer: "https://evil.example/page" }],
    ["none of Origin, Sec-Fetch-Site and Referer", {}],
  ])("with %s is refused", async (_case, headers) => {
    for (const path of ["/en/login", "/en/register", "/en/logout", "/en/account/profile"]) {
      const response = await post(plain, path, headers);
      expect(response.status, path).toBe(403);
    }
  });

  it("is refused on React Router's data requests too, in the error's data", async () => {
    const response = await post(plain, "/en/login.data", { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("This form was sent from another site");
  });

  it("is refused even behind a trusted proxy", async () => {
    const response = await post(proxied, "/en/login", {
      origin: "https://evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "obmen.example",
    });
    expect(response.status).toBe(403);
  });
});

describe("a post from the site itself", () => {
  // A wrong password: the action ran and answered the form (422), nothing refused it.
  it.each([
    ["its Origin as the request reached us", (server: WebServer) => ({ origin: server.url })],
    ["APP_URL's origin", () => ({ origin: SITE })],
    ["Sec-Fetch-Site same-origin, no Origin", () => ({ "sec-fetch-site": "same-origin" })],
    ["only a Referer of the site", () => ({ referer: `${SITE}/en/login` })],
  ])("is accepted with %s", async (_case, headers) => {
    const response = await post(plain, "/en/login", headers(plain));
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("Log in");
  });

  it("is accepted behind a TLS proxy that TRUST_PROXY names", async () => {
    const response = await post(proxied, "/en/login", {
      origin: SITE,
      "x-forwarded-proto": "https",
      "x-forwarded-host": "obmen.example",
    });
    expect(response.status).toBe(422);
  });

  it("is accepted behind a TLS proxy without TRUST_PROXY (it used to be a 400 for all)", async () => {
    const response = await post(plain, "/en/login", {
      origin: SITE,
      host: "obmen.example",
      "x-forwarded-proto": "https",
    });
    expect(response.status).toBe(422);
  });

  it("still has to be an HTML form (415 page, not a 500)", async () => {
    const response = await post(
      plain,
      "/en/login",
      { origin: SITE, "content-type": "application/json" },
      "{}",
    );
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("Only the site's own forms can be sent here.");
  });
});
