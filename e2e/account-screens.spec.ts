import {
  AUTH_TEXTS,
  dialog,
  registerAndConfirm,
  uniqueEmail,
  waitForHydration,
} from "./account-helpers.ts";
import { expect, test } from "./support/test.ts";

// Screenshots of the auth modals and the account pages on a phone and a desktop in each
// language, for a person to look at (ACCOUNT_SCREENS_DIR, default: the test's output folder).
// Each page is also checked for content wider than the screen, the usual phone-layout fault.

const LOCALES = [
  { lang: "ru" as const, prefix: "" },
  { lang: "en" as const, prefix: "/en" },
  { lang: "uk" as const, prefix: "/uk" },
];
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
];

for (const locale of LOCALES) {
  test(`account screens in ${locale.lang}`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const dir = process.env.ACCOUNT_SCREENS_DIR ?? testInfo.outputDir;
    const tooWide: string[] = [];
    const shot = async (name: string, viewport: string) => {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) tooWide.push(`${name} on a ${viewport}: ${overflow} px`);
      await page.screenshot({
        path: `${dir}/${locale.lang}-${viewport}-${name}.png`,
        fullPage: true,
      });
    };
    const prefix = locale.prefix;

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const modal of ["login", "register", "reset"]) {
        await page.goto(`${prefix || "/"}?modal=${modal}`);
        await waitForHydration(page);
        await expect(dialog(page)).toBeVisible();
        if (modal === "register") {
          await dialog(page).getByRole("button").last().click();
          await expect(dialog(page).locator(".auth-form__error").first()).toBeVisible();
        }
        await shot(`modal-${modal}`, viewport.name);
      }
    }

    await page.setViewportSize(VIEWPORTS[1]!);
    const email = uniqueEmail(`screens-${locale.lang}`);
    await registerAndConfirm(page, {
      prefix,
      email,
      password: "a long screenshot passphrase",
      texts: AUTH_TEXTS[locale.lang],
    });
    // Something to show on each page: a wallet, a template, an order.
    await page.goto(`${prefix}/account/wallets`);
    await page.locator('select[name="currency_id"]').selectOption({ label: "Tether TRC20 USDT" });
    await page.locator('input[name="value"]').fill("TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW");
    await page.locator('input[name="label"]').fill("Ledger");
    await page.locator('form:has(input[name="value"]) button[type="submit"]').click();
    await expect(page.locator(".account-item")).toHaveCount(1);
    await page.goto(`${prefix}/account/templates`);
    const direction = page.locator('select[name="direction"] option', {
      hasText: /Bitcoin.*Tether TRC20/,
    });
    await page.locator('select[name="direction"]').selectOption({
      value: (await direction.first().getAttribute("value")) as string,
    });
    await page.locator('input[name="amount"]').fill("0.05");
    await page.locator('form:has(input[name="amount"]) button[type="submit"]').click();
    await expect(page.locator(".account-item")).toHaveCount(1);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const [name, path] of [
        ["history", "/account"],
        ["wallets", "/account/wallets"],
        ["templates", "/account/templates"],
        ["profile", "/account/profile"],
        ["calculator", "/exchange/BTC/USDTTRC20"],
      ] as const) {
        await page.goto(`${prefix}${path}`);
        await waitForHydration(page);
        await shot(name, viewport.name);
      }
      // The header's account menu, open.
      if (viewport.name === "phone") await page.locator(".menu__button").click();
      else await page.locator(".account-menu--bar summary").click();
      await shot("menu", viewport.name);
    }
    expect(tooWide, "pages wider than the screen").toEqual([]);
  });
}
