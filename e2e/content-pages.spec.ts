import { AxeBuilder } from "@axe-core/playwright";
import { collectErrors } from "./support/console-errors.ts";
import { expect, type Page, test } from "./support/test.ts";

// Expected texts are written out (the seeded content and our catalogs), not read from the
// sources, so a missing translation or a page served in the wrong language fails the test.
const LOCALES = [
  { prefix: "", lang: "ru" },
  { prefix: "/en", lang: "en" },
  { prefix: "/uk", lang: "uk" },
] as const;

const INFO_PAGES: Record<string, Record<(typeof LOCALES)[number]["lang"], string>> = {
  about: { ru: "О сервисе Obmen", en: "About Obmen", uk: "Про сервіс Obmen" },
  rules: { ru: "Правила обмена", en: "Exchange rules", uk: "Правила обміну" },
  agreement: { ru: "Пользовательское соглашение", en: "User agreement", uk: "Угода користувача" },
  partner: { ru: "Партнёрская программа", en: "Affiliate programme", uk: "Партнерська програма" },
  contact: { ru: "Контакты и поддержка", en: "Contacts and support", uk: "Контакти та підтримка" },
};

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

for (const [slug, titles] of Object.entries(INFO_PAGES)) {
  test(`the ${slug} page opens in every language`, async ({ page }) => {
    for (const { prefix, lang } of LOCALES) {
      const response = await page.goto(`${prefix}/${slug}`);
      expect(response?.status(), `${prefix}/${slug}`).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(titles[lang]);
      await expect(page).toHaveTitle(`${titles[lang]} — Obmen`);
      const description = page.locator('meta[name="description"]');
      await expect(description).toHaveAttribute("content", /.{20,}/);
      await expect(page.locator(".prose")).not.toBeEmpty();
    }
  });
}

test("the contact page promises no chat when the site runs none", async ({ page }) => {
  // This server has no CHAT_WIDGET_SRC; e2e/widgets.spec.ts checks the page with one.
  for (const { prefix } of LOCALES) {
    await page.goto(`${prefix}/contact`);
    await expect(page.locator(".content")).toContainText("@obmen_support");
    await expect(page.locator(".content")).not.toContainText(/чат|chat/i);
  }
});

test("links inside a text stay in the reader's language", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/en/about");
  const rules = page.locator(".prose").getByRole("link", { name: "exchange rules" });
  await expect(rules).toHaveAttribute("href", "/en/rules");
  await page.waitForLoadState("networkidle");
  await rules.click();
  await expect(page).toHaveURL(/\/en\/rules$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Exchange rules");
  expect(errors).toEqual([]);
});

test("the news list pages through the archive", async ({ page }) => {
  const errors = collectErrors(page);
  const first = await page.goto("/news");
  expect(first?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Новости");
  await expect(page.locator(".teaser")).toHaveCount(10);
  await expect(page.locator('head link[rel="next"]')).toHaveAttribute("href", "/news?page=2");
  await expect(page.locator('head link[rel="prev"]')).toHaveCount(0);

  await page.waitForLoadState("networkidle");
  const pager = page.getByRole("navigation", { name: "Страницы" });
  await pager.getByRole("link", { name: "Страница 2" }).click();
  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect(page).toHaveTitle("Новости, страница 2 — Obmen");
  const teasers = await page.locator(".teaser").count();
  expect(teasers).toBeGreaterThan(0);
  expect(teasers).toBeLessThanOrEqual(10);
  await expect(pager.getByRole("link", { name: "Страница 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.locator('head link[rel="prev"]')).toHaveAttribute("href", "/news");
  expect(errors).toEqual([]);
});

test("a news page that does not exist is a 404", async ({ page }) => {
  for (const query of ["page=0", "page=999", "page=-1", "page=abc", "page=1.5"]) {
    const response = await page.goto(`/en/news?${query}`);
    expect(response?.status(), query).toBe(404);
    await expect(page.getByText("Page Not Found: /en/news")).toBeVisible();
  }
  // Page 1 has one address, the bare list.
  await page.goto("/uk/news?page=1");
  await expect(page).toHaveURL(/\/uk\/news$/);
});

test("a news article and a blog post open from their lists", async ({ page }) => {
  const errors = collectErrors(page);
  for (const { list, heading } of [
    { list: "/en/news", heading: "News" },
    { list: "/uk/blog", heading: "Блог" },
  ]) {
    await page.goto(list);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await page.waitForLoadState("networkidle");
    const link = page.locator(".teaser__link").first();
    const title = (await link.textContent()) ?? "";
    expect(title.length).toBeGreaterThan(3);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${list}/[a-z0-9-]+$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator(".prose")).not.toBeEmpty();
    await expect(page.locator(".content__meta time")).toHaveAttribute("datetime", /^\d{4}-/);
  }
  expect(errors).toEqual([]);
  expect((await page.goto("/en/news/no-such-article"))?.status()).toBe(404);
  expect((await page.goto("/blog/Not_A_Slug"))?.status()).toBe(404);
});

test("the FAQ opens an answer, also from a link to it", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/en/faq");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
  const first = page.locator("details.faq-item").first();
  const answer = first.locator(".faq-item__answer");
  await expect(answer).toBeHidden();
  await first.locator("summary").click();
  await expect(answer).toBeVisible();

  const id = await page.locator("details.faq-item").nth(1).getAttribute("id");
  expect(id).toMatch(/^[a-z0-9-]+$/);
  await page.goto(`/en/faq#${id}`);
  await page.waitForLoadState("networkidle");
  await expect(page.locator(`details#${id} .faq-item__answer`)).toBeVisible();
  expect(errors).toEqual([]);
});

test("the reserves page lists currencies by kind and searches them", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/en/reserve");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Currency reserves");
  await expect(page.getByRole("heading", { level: 2, name: "Cryptocurrencies" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Banks" })).toBeVisible();
  // English grouping: a comma between thousands, a point before decimals.
  await expect(page.locator(".reserve-row__amount").first()).toHaveText(/^[\d,]+(\.\d+)? \w+$/);

  await page.waitForLoadState("networkidle");
  await page.getByLabel("Find a currency").fill("btc");
  await expect(page.locator(".reserve-row")).toHaveCount(1);
  await expect(page.locator(".reserve-row")).toContainText("BTC");
  await expect(page.getByRole("status")).toHaveText("1 currency found");
  await page.getByLabel("Find a currency").fill("nothing like this");
  await expect(page.locator(".reserve-row")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the reserves search works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/reserve?q=usdt");
  const rows = page.locator(".reserve-row");
  expect(await rows.count()).toBeGreaterThan(0);
  for (const text of await rows.allTextContents()) expect(text).toContain("USDT");
  await context.close();
});

test("the sitemap lists exchange directions that open", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/uk/sitemap");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Мапа сайту");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Про сервіс" })).toHaveAttribute("href", "/uk/about");
  await expect(page.locator('a[href^="/uk/news/"]').first()).toBeVisible();
  const direction = page.locator('a[href="/uk/exchange/USDTTRC20/SBERRUB"]');
  await expect(direction).toHaveCount(1);
  await page.waitForLoadState("networkidle");
  await direction.click();
  await expect(page).toHaveURL(/\/uk\/exchange\/USDTTRC20\/SBERRUB$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("USDT");
  expect(errors).toEqual([]);
});

test("the forgot page shows its text and finds an order by number", async ({ page }) => {
  await page.goto("/en/forgot");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recover access");
  await page.getByLabel("Order number").fill("not-an-order");
  await page.getByRole("button", { name: "Open the order" }).click();
  await expect(page).toHaveURL(/\/en\/order\?id=not-an-order$/);
  await expect(page.locator("#order-id")).toHaveAttribute("aria-invalid", "true");
});

test("the phone menu opens, leads to a page and closes", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/en");
  await page.waitForLoadState("networkidle");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Reserves" })).toBeHidden();
  await header.getByText("Menu", { exact: true }).click();
  await header.getByRole("link", { name: "Reserves" }).click();
  await expect(page).toHaveURL(/\/en\/reserve$/);
  await expect(header.getByRole("link", { name: "Reserves" })).toBeHidden();
  // Escape closes it too.
  await header.getByText("Menu", { exact: true }).click();
  await expect(header.getByRole("link", { name: "FAQ" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(header.getByRole("link", { name: "FAQ" })).toBeHidden();
  expect(errors).toEqual([]);
});

test("the footer links every information page in the visitor's language", async ({ page }) => {
  await page.goto("/uk/faq");
  const footer = page.getByRole("contentinfo");
  for (const path of [
    "about",
    "rules",
    "agreement",
    "partner",
    "contact",
    "faq",
    "news",
    "blog",
    "sitemap",
    "reserve",
  ]) {
    await expect(footer.locator(`a[href="/uk/${path}"]`)).toHaveCount(1);
  }
});

// DESIGN.md front-end rules: axe-core finds no serious or critical violation.
for (const path of ["/about", "/en/news", "/uk/faq", "/reserve", "/en/sitemap", "/uk/blog"]) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("no serious accessibility violations with the phone menu open", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/uk/about");
  await page.getByRole("banner").getByText("Меню", { exact: true }).click();
  expect(await seriousViolations(page)).toEqual([]);
});
