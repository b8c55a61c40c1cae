import { expect, test } from "./support/test.ts";

// DESIGN.md front-end rules: canonical URLs, hreflang alternates, per-locale titles,
// sitemap.xml and robots.txt. Absolute URLs use the configured origin (APP_URL).

/** The configured origin, as robots.txt states it (and nothing the request controls). */
async function siteOrigin(request: import("@playwright/test").APIRequestContext) {
  const robots = await (await request.get("/robots.txt")).text();
  const match = /^Sitemap: (https?:\/\/[^/\s]+)\/sitemap\.xml$/m.exec(robots);
  expect(match, robots).not.toBeNull();
  return match?.[1] as string;
}

test("robots.txt allows the site, hides private pages and the API, names the sitemap", async ({
  request,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n");
  expect(lines.slice(0, 2)).toEqual(["User-agent: *", "Allow: /"]);
  for (const path of [
    "/order/",
    "/en/order/",
    "/account",
    "/uk/account",
    "/restore/",
    "/confirm/",
    "/en/confirm-login/",
    "/rest/",
    "/api/",
  ]) {
    expect(lines, path).toContain(`Disallow: ${path}`);
  }
  // The Host header is the client's to choose: it must not leak into the answer.
  const spoofed = await request.get("/robots.txt", { headers: { host: "evil.example" } });
  expect(await spoofed.text()).not.toContain("evil.example");
  expect(await siteOrigin(request)).toMatch(/^https?:\/\//);
});

test("sitemap.xml lists every public page in every language, with alternates", async ({
  request,
  page,
}) => {
  const origin = await siteOrigin(request);
  const response = await request.get("/sitemap.xml", { headers: { host: "evil.example" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
  expect(response.headers()["cache-control"]).toMatch(/max-age=\d+/);
  const xml = await response.text();
  expect(xml).not.toContain("evil.example");
  const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1] as string);
  expect(locs.length % 3).toBe(0);
  for (const path of [
    "",
    "/about",
    "/reserve",
    "/rules",
    "/faq",
    "/partner",
    "/contact",
    "/sitemap",
    "/agreement",
    "/news",
    "/blog",
    "/exchange/USDTTRC20/SBERRUB",
  ]) {
    expect(locs, path).toContain(`${origin}${path || "/"}`);
    expect(locs, path).toContain(`${origin}/en${path}`);
    expect(locs, path).toContain(`${origin}/uk${path}`);
  }
  // Each entry names all its language versions and the default.
  const about = xml.match(/<url><loc>[^<]*\/en\/about<\/loc>.*?<\/url>/)?.[0] ?? "";
  for (const [lang, path] of [
    ["ru", "/about"],
    ["en", "/en/about"],
    ["uk", "/uk/about"],
    ["x-default", "/about"],
  ]) {
    expect(about).toContain(
      `<xhtml:link rel="alternate" hreflang="${lang}" href="${origin}${path}"/>`,
    );
  }
  // Articles and posts come from the content index; each listed one is a real page.
  const articles = locs.filter((loc) => /\/en\/(news|blog)\/[a-z0-9-]+$/.test(loc));
  expect(articles.length).toBeGreaterThan(0);
  for (const loc of articles.slice(0, 2)) {
    const path = new URL(loc).pathname;
    expect((await page.goto(path))?.status(), path).toBe(200);
  }
});

test("every page has a canonical URL and hreflang alternates; ?page is kept", async ({
  page,
  request,
}) => {
  const origin = await siteOrigin(request);
  await page.goto("/uk/news?utm_source=mail&page=2&rid=7");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${origin}/uk/news?page=2`,
  );
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  expect(
    await alternates.evaluateAll((links) =>
      links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]),
    ),
  ).toEqual([
    ["ru", `${origin}/news?page=2`],
    ["en", `${origin}/en/news?page=2`],
    ["uk", `${origin}/uk/news?page=2`],
    ["x-default", `${origin}/news?page=2`],
  ]);

  await page.goto("/en/faq?utm_source=mail");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/en/faq`);
});

test("titles and descriptions are in the page's language", async ({ page }) => {
  for (const [path, lang, title] of [
    ["/", "ru", /Obmen/],
    ["/en", "en", /Obmen/],
    ["/uk/no/such/page", "uk", "Сторінку не знайдено — Obmen"],
    ["/en/no/such/page", "en", "Page not found — Obmen"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page).toHaveTitle(title);
  }
  await page.goto("/en");
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  expect(description?.length).toBeGreaterThan(20);
  await page.goto("/");
  expect(await page.locator('meta[name="description"]').getAttribute("content")).not.toBe(
    description,
  );
});

test("pages arrive compressed when the browser asks, and a HEAD never empties a later GET", async ({
  request,
}) => {
  // A HEAD once primed the home page's one-second microcache with an empty body.
  const head = await request.head("/en");
  expect(head.status()).toBe(200);
  const page = await request.get("/en", { headers: { "accept-encoding": "br, gzip" } });
  expect(page.headers()["content-encoding"]).toBe("br");
  expect(page.headers().vary).toMatch(/accept-encoding/i);
  // Playwright decodes the body: the whole page is there.
  expect(await page.text()).toContain("</html>");
});
