import { collectErrors } from "./support/console-errors.ts";
import { type RunningObmen, startObmen } from "./support/obmen-server.ts";
import { expect, test } from "./support/test.ts";

// Issue 12 / decision 018: a site started without the demo (here the embedded database with
// SEED_DEMO=false, as an empty production PostgreSQL starts) has no pair at all. Its pages say
// the exchange is not open yet, never an error page. Texts are written out.
test.describe.configure({ mode: "serial" });

let server: RunningObmen;
test.beforeAll(async () => {
  server = await startObmen({
    port: 3128,
    env: { NODE_ENV: "production", SEED_DEMO: "false" },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const LOCALES = [
  { prefix: "", title: "Обменник ещё не открылся", text: "Мы готовим направления обмена." },
  { prefix: "/en", title: "The exchange is not open yet", text: "We are getting the exchange" },
  { prefix: "/uk", title: "Обмінник ще не відкрився", text: "Ми готуємо напрямки обміну." },
];

for (const { prefix, title, text } of LOCALES) {
  test(`home ${prefix || "/"} answers 200 and says the exchange is not open yet`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const response = await page.goto(`${server.url}${prefix || "/"}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    // No calculator lists to choose from.
    await expect(page.locator("#send")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test("exchange addresses say it too, as a 404 kept out of search, not the error screen", async ({
  page,
}) => {
  const [ru, en, uk] = LOCALES.map((locale) => locale.title);
  const pages = {
    "/exchange/BTC/SBERRUB": ru,
    "/en/exchange/BTC/SBERRUB": en,
    "/BTC": ru,
    "/uk/BTC": uk,
  };
  for (const [path, title] of Object.entries(pages)) {
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator("h1"), path).toHaveText(title!);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute("content", "noindex");
    await expect(page.locator(".error-page"), path).toHaveCount(0);
  }
});

test("monitors and crawlers get an empty rates export and no directions, not an error", async ({
  request,
}) => {
  const rates = await request.get(`${server.url}/rates.xml`);
  expect(rates.status()).toBe(200);
  expect(await rates.text()).not.toContain("<item>");
  const sitemap = await request.get(`${server.url}/sitemap.xml`);
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).not.toContain("/exchange/");
});
