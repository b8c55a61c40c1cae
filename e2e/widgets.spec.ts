import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type LoopbackServer,
  type RunningObmen,
  startLoopback,
  startObmen,
} from "./support/obmen-server.ts";
import { expect, type Page, test } from "./support/test.ts";

// Spec §1, §9: third-party chat and call-back widgets load after 4500 ms, or 5500 ms on
// exchange and payment pages, once per page load. The "third party" is a loopback server
// that records when each script was asked for.
test.describe.configure({ mode: "serial" });

let widgets: LoopbackServer;
let server: RunningObmen;
const requests: { path: string; at: number }[] = [];

function serveWidget(request: IncomingMessage, response: ServerResponse) {
  const path = new URL(request.url ?? "/", "http://x").pathname;
  requests.push({ path, at: Date.now() });
  const name = path.replace(/\W/g, "_");
  response.writeHead(200, {
    "content-type": "text/javascript",
    "cache-control": "no-store",
  });
  response.end(`window.${name} = (window.${name} || 0) + 1;`);
}

test.beforeAll(async () => {
  widgets = await startLoopback(serveWidget);
  server = await startObmen({
    port: 3125,
    env: {
      CHAT_WIDGET_SRC: `${widgets.url}/chat.js`,
      CALLBACK_WIDGET_SRC: `${widgets.url}/callback.js`,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await widgets?.close();
});
test.beforeEach(() => {
  requests.length = 0;
});

/**
 * Opens a page and answers, per widget, how long after the navigation began it was requested
 * (never before the spec's delay) and how long after the page had loaded (never much more than
 * the delay: on a loaded machine the page itself may take seconds, which is not the widgets').
 */
async function widgetDelays(page: Page, path: string) {
  const started = Date.now();
  await page.goto(server.url + path);
  const loaded = Date.now();
  await expect.poll(() => requests.length, { timeout: 20_000 }).toBe(2);
  const since = (from: number) =>
    Object.fromEntries(requests.map((request) => [request.path, request.at - from]));
  return { sinceStart: since(started), sinceLoad: since(loaded) };
}

test("widgets load 4.5 seconds after an ordinary page opens, not before", async ({ page }) => {
  const { sinceStart, sinceLoad } = await widgetDelays(page, "/en/faq");
  for (const path of ["/chat.js", "/callback.js"]) {
    expect(sinceStart[path], path).toBeGreaterThanOrEqual(4_500);
    // The clock starts once the page is interactive, a moment after it has loaded.
    expect(sinceLoad[path], path).toBeLessThan(4_500 + 2_500);
  }
  const scripts = page.locator(`script[src^="${widgets.url}"]`);
  await expect(scripts).toHaveCount(2);
  expect(await scripts.first().evaluate((script) => (script as HTMLScriptElement).async)).toBe(
    true,
  );
  expect(await page.evaluate(() => (window as unknown as Record<string, number>)._chat_js)).toBe(1);
});

test("the contact page mentions the chat, since this site runs one", async ({ page }) => {
  await page.goto(`${server.url}/contact`);
  await expect(page.locator(".content")).toContainText("Есть и чат на сайте");
  await page.goto(`${server.url}/uk/contact`);
  await expect(page.locator(".content")).toContainText("Є й чат на сайті");
});

test("on exchange and payment pages they wait 5.5 seconds", async ({ page }) => {
  const { sinceStart, sinceLoad } = await widgetDelays(page, "/exchange/USDTTRC20/SBERRUB");
  for (const path of ["/chat.js", "/callback.js"]) {
    expect(sinceStart[path], path).toBeGreaterThanOrEqual(5_500);
    expect(sinceLoad[path], path).toBeLessThan(5_500 + 2_500);
  }
});

test("they load once per page load, not again on client-side navigations", async ({ page }) => {
  await widgetDelays(page, "/uk");
  await page.getByRole("banner").getByRole("link", { name: "Резерви" }).first().click();
  await expect(page).toHaveURL(/\/uk\/reserve$/);
  await page.waitForTimeout(6_000);
  expect(requests.map((request) => request.path).sort()).toEqual(["/callback.js", "/chat.js"]);
  await expect(page.locator(`script[src^="${widgets.url}"]`)).toHaveCount(2);
});
