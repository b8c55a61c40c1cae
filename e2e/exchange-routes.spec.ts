import { notFoundLine } from "./support/not-found-line.ts";
import { expect, type Page, test } from "./support/test.ts";

// The exchange page's other addresses (spec §2): `/{from}/{to?}` in every locale, the
// `/exchange{suffix}` sitemap variant and the exchange route's optional suffix. Every spelling
// but the canonical one moves permanently (301), keeping the query; the rest is a 404.

/** Where a GET lands and how: the first response's status and the final URL's path. */
async function follow(page: Page, path: string) {
  const response = await page.request.get(path, { maxRedirects: 0 });
  const location = response.headers().location;
  const target = location ? new URL(location, "http://any.host") : null;
  return { status: response.status(), location: target && target.pathname + target.search };
}

test("/{from} is the select view with that currency chosen", async ({ page }) => {
  const response = await page.goto("/BTC");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Обмен Bitcoin BTC");
  await expect(page.locator('#send a[aria-current="true"]')).toContainText("Bitcoin");
  // The receive list holds only what Bitcoin pairs with.
  await expect(page.locator("#receive").getByRole("link", { name: /Сбербанк/ })).toHaveAttribute(
    "href",
    "/exchange/BTC/SBERRUB",
  );
  await expect(page.locator("#receive").getByRole("link", { name: /Bitcoin/ })).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/BTC$/);
});

test("codes in any case move to the canonical spelling, in every locale", async ({ page }) => {
  expect(await follow(page, "/btc")).toEqual({ status: 301, location: "/BTC" });
  expect(await follow(page, "/en/usdttrc20?ref=mail")).toEqual({
    status: 301,
    location: "/en/USDTTRC20?ref=mail",
  });
  await page.goto("/uk/btc");
  await expect(page).toHaveURL(/\/uk\/BTC$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Обмін Bitcoin BTC");
});

test("/{from}/{to} moves to the pair's exchange page", async ({ page }) => {
  expect(await follow(page, "/BTC/SBERRUB")).toEqual({
    status: 301,
    location: "/exchange/BTC/SBERRUB",
  });
  expect(await follow(page, "/en/btc/sberrub?amount=1")).toEqual({
    status: 301,
    location: "/en/exchange/BTC/SBERRUB?amount=1",
  });
  await page.goto("/uk/btc/sberrub");
  await expect(page).toHaveURL(/\/uk\/exchange\/BTC\/SBERRUB$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Обмін Bitcoin BTC на Сбербанк RUB",
  );
});

test("classic sitemap links /exchange_FROM_to_TO move to the exchange page", async ({ page }) => {
  expect(await follow(page, "/exchange_BTC_to_SBERRUB")).toEqual({
    status: 301,
    location: "/exchange/BTC/SBERRUB",
  });
  expect(await follow(page, "/en/EXCHANGE_usdttrc20_TO_sberrub")).toEqual({
    status: 301,
    location: "/en/exchange/USDTTRC20/SBERRUB",
  });
  await page.goto("/uk/exchange_BTC_to_SBERRUB");
  await expect(page).toHaveURL(/\/uk\/exchange\/BTC\/SBERRUB$/);
  expect(await follow(page, "/exchange")).toEqual({ status: 301, location: "/" });
  expect(await follow(page, "/en/exchange")).toEqual({ status: 301, location: "/en" });
  expect(await follow(page, "/exchange/btc")).toEqual({ status: 301, location: "/BTC" });
});

test("a suffix after the exchange page's codes moves to the page without it", async ({ page }) => {
  expect(await follow(page, "/exchange/BTC/SBERRUB/spring-promo?utm_source=x")).toEqual({
    status: 301,
    location: "/exchange/BTC/SBERRUB?utm_source=x",
  });
  expect(await follow(page, "/en/exchange/btc/sberrub/anything")).toEqual({
    status: 301,
    location: "/en/exchange/BTC/SBERRUB",
  });
});

for (const path of [
  "/NOPE",
  "/en/NOPE/SBERRUB",
  "/BTC/NOPE",
  "/BTC/MONOBUAH/extra",
  "/uk/exchange_BTC_to_NOPE",
  "/exchange_BTC_SBERRUB",
  "/exchange/NOPE",
  "/exchange/NOPE/SBERRUB/x",
]) {
  test(`${path} is a 404 page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(notFoundLine(path))).toBeVisible();
  });
}

test("the header marks Exchange as the current section on every calculator view", async ({
  page,
}) => {
  const currentNav = page.locator('.nav--bar [aria-current="page"]');
  for (const [path, label] of [
    ["/", "Обмен"],
    ["/BTC", "Обмен"],
    ["/exchange/BTC/SBERRUB", "Обмен"],
    ["/en/exchange/BTC/SBERRUB", "Exchange"],
    ["/reserve", "Резервы"],
  ] as const) {
    await page.goto(path);
    await expect(currentNav, path).toHaveText(label);
  }
  // A shortcut that is not a currency is a 404, not the exchange.
  await page.goto("/NOSUCHCODE");
  await expect(currentNav).toHaveCount(0);
});
