import {
  AUTH_TEXTS,
  registerAndConfirm,
  uniqueEmail,
  waitForHydration,
} from "./account-helpers.ts";
import { collectErrors } from "./support/console-errors.ts";
import { expect, type Page, test } from "./support/test.ts";

// The affiliate pages in each language on a phone and a desktop (issue 18): they render with
// their words, nothing scrolls sideways, and a screenshot of each is kept in the test's output
// for a person to look at. Words written out, so a missing translation fails.
const LOCALES = [
  { lang: "ru" as const, prefix: "", title: "Партнёрская программа", banners: "Баннеры" },
  { lang: "en" as const, prefix: "/en", title: "Affiliate programme", banners: "Banners" },
  { lang: "uk" as const, prefix: "/uk", title: "Партнерська програма", banners: "Банери" },
];
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

for (const locale of LOCALES) {
  test(`the affiliate pages in ${locale.lang}, on a phone and a desktop`, async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await registerAndConfirm(page, {
      prefix: locale.prefix,
      email: uniqueEmail(`aff-screens-${locale.lang}`),
      password: "a long partner passphrase",
      texts: AUTH_TEXTS[locale.lang],
    });
    // A second channel, made by the page's own form.
    await page.goto(`${locale.prefix}/account/affiliate`);
    await page.locator("#channel-name").fill("Telegram");
    await page.locator('form:has(#channel-name) button[type="submit"]').click();
    await expect(page.locator(".affiliate-channel__name")).toHaveCount(2);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const [name, path, heading] of [
        ["affiliate", "/account/affiliate", locale.title],
        ["promotion", "/account/affiliatepromotion", locale.banners],
      ] as const) {
        await page.goto(`${locale.prefix}${path}`);
        // A screenshot before hydration touches the server's HTML (the hidden caret) and
        // React then reports a mismatch: the page is shot as the visitor uses it, hydrated.
        await waitForHydration(page);
        await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
        await noSidewaysScroll(page);
        await page.screenshot({
          path: info.outputPath(`${name}-${locale.lang}-${viewport.name}.png`),
          fullPage: true,
        });
      }
      await page.goto(`${locale.prefix}/partner`);
      await waitForHydration(page);
      await expect(page.getByTestId("partner-share")).toBeVisible();
      await noSidewaysScroll(page);
      await page.screenshot({
        path: info.outputPath(`partner-${locale.lang}-${viewport.name}.png`),
        fullPage: true,
      });
    }
    // Every banner of this language is a picture the browser could draw.
    await page.goto(`${locale.prefix}/account/affiliatepromotion`);
    const images = page.locator(".affiliate-banner img");
    await expect(images).toHaveCount(4);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
  });
}
