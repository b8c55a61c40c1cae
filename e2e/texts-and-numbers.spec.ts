import { type CheckedLocale, findTextProblems } from "@obmen/i18n/testing";
import { AUTH_TEXTS, registerAndConfirm, uniqueEmail } from "./account-helpers.ts";
import { expect, type Page, test } from "./support/test.ts";

// Every public page and every account page, in each language, read as a visitor reads them
// (issue 26 "Done means"): no raw catalog key, no English on a ru/uk page, no number the one
// formatter did not write (decision 022), in the text and in the inputs' values. The letters
// are walked by apps/api/test/mail/letter-texts.test.ts. Screenshots of each page on a 360 px
// phone and a desktop land in TEXT_SCREENS_DIR (default: the test's output folder).

const LOCALES = [
  { lang: "ru" as const, prefix: "" },
  { lang: "en" as const, prefix: "/en" },
  { lang: "uk" as const, prefix: "/uk" },
];
const PUBLIC_PAGES = [
  "/",
  "/exchange/BTC/SBERRUB",
  "/BTC",
  "/order",
  "/about",
  "/rules",
  "/agreement",
  "/partner",
  "/contact",
  "/faq",
  "/reserve",
  "/sitemap",
  "/forgot",
  "/news",
  "/blog",
  "/login",
  "/register",
  "/reset",
  "/no/such/page",
];
const ACCOUNT_PAGES = [
  "/account",
  "/account/wallets",
  "/account/templates",
  "/account/affiliate",
  "/account/affiliatepromotion",
  "/account/profile",
];
const VIEWPORTS = [
  { name: "phone", width: 360, height: 780 },
  { name: "desktop", width: 1280, height: 900 },
];

async function problemsOn(page: Page, lang: CheckedLocale): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's locator: the text as a reader sees it
  const text = await page.locator("body").innerText();
  // What an input shows is its value, which innerText leaves out (the calculator's amounts).
  const values = await page
    .locator("input:not([type=hidden]):not([type=checkbox]):not([type=radio])")
    .evaluateAll((inputs) =>
      (inputs as HTMLInputElement[])
        .filter((input) => input.offsetParent !== null)
        .map((input) => input.value),
    );
  const title = await page.title();
  return findTextProblems([title, text, ...values.map((value) => `${value} RUB`)].join("\n"), lang);
}

for (const locale of LOCALES) {
  test(`pages read right in ${locale.lang}`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const dir = process.env.TEXT_SCREENS_DIR ?? testInfo.outputDir;
    const found: string[] = [];
    const walk = async (paths: string[], shots: boolean) => {
      for (const path of paths) {
        const url = `${locale.prefix}${path}` || "/";
        await page.goto(url === `${locale.prefix}/` && locale.prefix ? locale.prefix : url);
        for (const problem of await problemsOn(page, locale.lang)) found.push(`${url}: ${problem}`);
        if (!shots) continue;
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          const name = path.replaceAll("/", "_") || "_home";
          await page.screenshot({ path: `${dir}/${locale.lang}-${viewport.name}${name}.png` });
        }
      }
    };
    await walk(PUBLIC_PAGES, true);

    await registerAndConfirm(page, {
      prefix: locale.prefix,
      email: uniqueEmail(`texts-${locale.lang}`),
      password: "a long walking passphrase",
      texts: AUTH_TEXTS[locale.lang],
    });
    await addTemplate(page, locale.prefix, locale.lang === "en" ? "12345.5" : "12345,5");
    if (locale.lang === "ru") await placeOrder(page);
    await walk(ACCOUNT_PAGES, true);
    expect(found).toEqual([]);
  });
}

/** A template, so the templates page shows an amount: with its currency code (issue 26 p. 7). */
async function addTemplate(page: Page, prefix: string, amount: string) {
  await page.goto(`${prefix}/account/templates`);
  await page.locator("select[name=direction]").selectOption({ index: 1 });
  await page.locator("input[name=amount]").fill(amount);
  await page.locator("form:has(input[name=amount]) button[type=submit]").click();
  const shown = page.locator(".account-item__value").first();
  await expect(shown).toHaveText(/12[\u00a0,]345[,.]5\d*\u00a0[A-Z]{3,5}/);
}

/**
 * An order placed signed in, so the history lists it: its amounts must read as on the order
 * page, with the currency's places (`77 105,80 RUB`, not `77 105,8 RUB`).
 */
async function placeOrder(page: Page) {
  await page.goto("/exchange/USDTTRC20/SBERRUB");
  await page.waitForLoadState("networkidle");
  // The amount to receive typed, so it is exact: the API writes it `10000.5`, without the
  // trailing zero that the order page and the history must both show.
  await page.getByLabel("Сумма, RUB").fill("10000,5");
  await page.getByLabel("Номер карты для получения").fill("4111 1111 1111 1111");
  await page.getByLabel("ФИО получателя").fill("Ivan Petrov");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const onOrderPage = (await page.locator(".order__money").allInnerTexts()).map((text) =>
    text.split("\n")[0]!.trim(),
  );
  await page.goto("/account");
  const row = page.locator(".order-row__amounts").first();
  await expect(row).toContainText("10\u00a0000,50\u00a0RUB");
  for (const amount of onOrderPage) await expect(row).toContainText(amount);
}
