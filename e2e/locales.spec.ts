import { collectErrors } from "./support/console-errors.ts";
import { expect, test } from "./support/test.ts";

// Expected texts are written out, not read from the catalogs, so a missing or wrong
// translation fails the test.
const HOMES = [
  { path: "/", lang: "ru", heading: "Обмен криптовалют и электронных денег", nav: "Резервы" },
  { path: "/en", lang: "en", heading: "Exchange cryptocurrencies and e-money", nav: "Reserves" },
  { path: "/uk", lang: "uk", heading: "Обмін криптовалют і електронних грошей", nav: "Резерви" },
] as const;

for (const home of HOMES) {
  test(`home page in ${home.lang}`, async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto(home.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", home.lang);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /Obmen/ }).first()).toBeVisible();
    await expect(header.getByRole("link", { name: home.nav })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.heading);
    // The pair list comes from the API through the SDK, rendered on the server.
    const pairs = page.locator(".select");
    await expect(pairs).toContainText("BTC");
    await expect(pairs.locator("img").first()).toHaveAttribute("src", /\S/);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
}

test("the language switch keeps the path and remembers the choice", async ({ page, context }) => {
  await page.goto("/");
  // Hydrated: the click handler that stores the cookie is attached.
  await page.waitForLoadState("networkidle");
  await page.getByRole("banner").getByRole("link", { name: "Eng" }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOMES[1].heading);
  const cookie = (await context.cookies()).find((c) => c.name === "locale");
  expect(cookie?.value).toBe("en");
  expect(cookie?.path).toBe("/");
  // About a year (spec §9), measured from now.
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);

  await page.goto("/en/no/such/page");
  await page.getByRole("banner").getByRole("link", { name: "Укр" }).click();
  await expect(page).toHaveURL(/\/uk\/no\/such\/page$/);
});

test("an unknown path is a 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page/here");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "ru");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Страница не найдена");
  await expect(page.getByText("Нет страницы по адресу /no/such/page/here")).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "На главную", exact: true }),
  ).toHaveAttribute("href", "/");
});

test("an unknown language prefix is a 404, an upper-case one redirects", async ({ page }) => {
  const unknown = await page.goto("/de/about");
  expect(unknown?.status()).toBe(404);
  await page.goto("/EN");
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
