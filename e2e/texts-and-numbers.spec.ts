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
    await walk(ACCOUNT_PAGES, true);
    expect(found).toEqual([]);
  });
}
