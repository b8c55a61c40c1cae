import { expect, type Page, test } from "@playwright/test";

// The visitor's journey (issue "Public site" items 3–4): exchange page → order → "I paid",
// in every language, on a phone and on a desktop. Expected texts are written out, not read
// from the catalogs, so a missing or wrong translation fails the test.
const LOCALES = [
  {
    lang: "ru",
    prefix: "",
    sendLabel: "Сумма, USDT",
    receiveLabel: "Сумма, RUB",
    receiveFor100: /^8\s116,40$/,
    cardLabel: "Номер карты для получения",
    nameLabel: "ФИО получателя",
    submit: "Создать заявку",
    amountToPay: "100 USDT",
    paid: "Я оплатил",
    paidStatus: "Оплачена",
    invalidCard: "Неверный номер карты",
    minimum: /Минимальная сумма — 50\sUSDT/,
  },
  {
    lang: "en",
    prefix: "/en",
    sendLabel: "Amount, USDT",
    receiveLabel: "Amount, RUB",
    receiveFor100: /^8,116\.40$/,
    cardLabel: "Card number to receive the payout",
    nameLabel: "Recipient's full name",
    submit: "Create order",
    amountToPay: "100 USDT",
    paid: "I paid",
    paidStatus: "Paid",
    invalidCard: "This card number is not valid",
    minimum: /The minimum is 50 USDT/,
  },
  {
    lang: "uk",
    prefix: "/uk",
    sendLabel: "Сума, USDT",
    receiveLabel: "Сума, RUB",
    receiveFor100: /^8\s116,40$/,
    cardLabel: "Номер картки для отримання",
    nameLabel: "ПІБ отримувача",
    submit: "Створити заявку",
    amountToPay: "100 USDT",
    paid: "Я оплатив",
    paidStatus: "Оплачена",
    invalidCard: "Неправильний номер картки",
    minimum: /Мінімальна сума — 50\sUSDT/,
  },
] as const;

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

const PAIR_PATH = "/exchange/USDTTRC20/SBERRUB";
// A TRON address: base58, 34 characters, starting with T.
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** Any console error (a hydration mismatch, a failed script) fails the test. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Opens the exchange page and waits for hydration, so typing drives the live calculator. */
async function openExchange(page: Page, prefix: string) {
  const response = await page.goto(`${prefix}${PAIR_PATH}`);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
}

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test(`journey in ${locale.lang} on a ${viewport.name}`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.setViewportSize(viewport);
      await openExchange(page, locale.prefix);
      await expect(page.locator("html")).toHaveAttribute("lang", locale.lang);

      await page.getByLabel(locale.sendLabel).fill("100");
      await expect(page.getByLabel(locale.receiveLabel)).toHaveValue(locale.receiveFor100);

      await page.getByLabel(locale.cardLabel).fill("4111 1111 1111 1111");
      await page.getByLabel(locale.nameLabel).fill("Ivan Petrov");
      await page.getByLabel("E-mail").fill("journey@example.com");
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: locale.submit }).click();

      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/order/[0-9a-f-]{36}$`));
      const payment = page.locator(".pay");
      await expect(payment.locator(".pay__value--amount")).toHaveText(locale.amountToPay);
      await expect(payment.locator(".pay__value--mono")).toHaveText(TRON_ADDRESS);
      await expect(payment.locator(".pay__qr svg")).toBeVisible();

      await page.getByRole("button", { name: locale.paid }).click();
      await expect(page.locator(".order__status .badge")).toHaveText(locale.paidStatus);
      await expect(page.locator(".pay")).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  test(`inline errors in ${locale.lang}`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize(VIEWPORTS[0]);
    await openExchange(page, locale.prefix);

    const card = page.getByLabel(locale.cardLabel);
    await card.fill("4111 1111 1111 1112");
    await card.blur();
    await expect(card).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(locale.invalidCard)).toBeVisible();
    // Fixing the number clears the error while typing.
    await card.fill("4111 1111 1111 1111");
    await expect(card).not.toHaveAttribute("aria-invalid");

    const send = page.getByLabel(locale.sendLabel);
    await send.fill("10");
    await expect(send).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(locale.minimum)).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test("unknown currency codes and order numbers are 404 pages", async ({ page }) => {
  expect((await page.goto("/exchange/NOPE/SBERRUB"))?.status()).toBe(404);
  expect((await page.goto("/en/order/not-a-uuid"))?.status()).toBe(404);
  expect((await page.goto("/uk/order/3f2a1c9e-4b7d-4e21-9a0c-5d8e6f1b2a3c"))?.status()).toBe(404);
});

test("codes are case-insensitive and the home page links to the pair", async ({ page }) => {
  await page.goto("/en/exchange/usdttrc20/sberrub");
  await expect(page).toHaveURL(/\/en\/exchange\/USDTTRC20\/SBERRUB$/);
  await page.goto("/uk");
  await page.locator(`a[href="/uk${PAIR_PATH}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/uk${PAIR_PATH}$`));
});

test("the order lookup goes to the order", async ({ page }) => {
  await page.goto("/order");
  await page.getByLabel("Номер заявки").fill("nonsense");
  await page.getByRole("button", { name: "Найти заявку" }).click();
  await expect(page.getByText(/Номер заявки выглядит так/)).toBeVisible();
  await page.getByLabel("Номер заявки").fill("3f2a1c9e-4b7d-4e21-9a0c-5d8e6f1b2a3c");
  await page.getByRole("button", { name: "Найти заявку" }).click();
  await expect(page).toHaveURL(/\/order\/3f2a1c9e-4b7d-4e21-9a0c-5d8e6f1b2a3c$/);
});
