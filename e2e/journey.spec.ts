import { collectErrors } from "./support/console-errors.ts";
import { expect, type Page, test } from "./support/test.ts";

// The visitor's journey (issue "Public site" items 3–4): select view → exchange page → order →
// receipt → "I paid", in every language, on a phone and on a desktop. Expected texts are
// written out, not read from the catalogs, so a missing or wrong translation fails the test.
const LOCALES = [
  {
    lang: "ru",
    selectedTitle: "Обмен Tether TRC20 USDT",
    bank: "Сбербанк",
    receiptSubmit: "Отправить чек",
    receiptSent: "Чек получен. Оператор проверит его вместе с платежом.",
    prefix: "",
    sendLabel: "Сумма, USDT",
    receiveLabel: "Сумма, RUB",
    receiveFor100: "8\u00a0116,40",
    cardLabel: "Номер карты для получения",
    nameLabel: "ФИО получателя",
    submit: "Создать заявку",
    amountToPay: "100 USDT",
    paid: "Я оплатил",
    paidStatus: "Проверка оплаты",
    invalidCard: "Неверный номер карты",
    minimum: /Минимальная сумма — 50\u00a0USDT/,
    rate: /1\u00a0USDT = 81,164\u00a0RUB/,
  },
  {
    lang: "en",
    selectedTitle: "Exchange Tether TRC20 USDT",
    bank: "Sberbank",
    receiptSubmit: "Send receipt",
    receiptSent: "We have your receipt. The operator will check it along with the payment.",
    prefix: "/en",
    sendLabel: "Amount, USDT",
    receiveLabel: "Amount, RUB",
    receiveFor100: "8,116.40",
    cardLabel: "Card number to receive the payout",
    nameLabel: "Recipient's full name",
    submit: "Create order",
    amountToPay: "100 USDT",
    paid: "I paid",
    paidStatus: "Checking payment",
    invalidCard: "This card number is not valid",
    minimum: /The minimum is 50\u00a0USDT/,
    rate: /1\u00a0USDT = 81\.164\u00a0RUB/,
  },
  {
    lang: "uk",
    selectedTitle: "Обмін Tether TRC20 USDT",
    bank: "Сбербанк",
    receiptSubmit: "Надіслати квитанцію",
    receiptSent: "Квитанцію отримано. Оператор перевірить її разом із платежем.",
    prefix: "/uk",
    sendLabel: "Сума, USDT",
    receiveLabel: "Сума, RUB",
    receiveFor100: "8\u00a0116,40",
    cardLabel: "Номер картки для отримання",
    nameLabel: "ПІБ отримувача",
    submit: "Створити заявку",
    amountToPay: "100 USDT",
    paid: "Я оплатив",
    paidStatus: "Перевірка оплати",
    invalidCard: "Неправильний номер картки",
    minimum: /Мінімальна сума — 50\u00a0USDT/,
    rate: /1\u00a0USDT = 81,164\u00a0RUB/,
  },
] as const;

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

const PAIR_PATH = "/exchange/USDTTRC20/SBERRUB";
// A TRON address: base58, 34 characters, starting with T.
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

/** A small but real PNG: the API judges receipts by their content. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/**
 * The select view (spec §2): pick what you send, then what you receive, each by a link. On a
 * phone the send list folds away once chosen, leaving the receive list right under it.
 */
async function pickPair(
  page: Page,
  locale: (typeof LOCALES)[number],
  viewport: (typeof VIEWPORTS)[number],
) {
  const response = await page.goto(locale.prefix || "/");
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  const sendList = page.locator("#send");
  const receiveList = page.locator("#receive");
  await sendList.getByRole("link", { name: /Tether TRC20/ }).click();
  await expect(page).toHaveURL(new RegExp(`${locale.prefix}/USDTTRC20$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(locale.selectedTitle);
  const sendLinks = sendList.getByRole("link", { name: /Bitcoin/ });
  if (viewport.name === "phone") await expect(sendLinks).toBeHidden();
  else await expect(sendLinks).toBeVisible();
  // Only what Tether TRC20 pairs with, with the pair's rate next to it.
  // Banks by their name in the page's language.
  const sberbank = receiveList.getByRole("link", { name: new RegExp(locale.bank) });
  // The code after a no-break space, the locale's decimal sign (decision 022).
  await expect(sberbank).toContainText(locale.rate);
  await expect(receiveList.getByRole("link", { name: /monobank/ })).toHaveCount(1);
  await expect(receiveList.getByRole("link", { name: /Tether TRC20/ })).toHaveCount(0);
  await sberbank.click();
  await expect(page).toHaveURL(new RegExp(`${locale.prefix}${PAIR_PATH}$`));
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
      await pickPair(page, locale, viewport);
      await expect(page.locator("html")).toHaveAttribute("lang", locale.lang);

      // Both fields write amounts as the labels do: the locale's decimal sign and grouping
      // (decisions 022, 055).
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

      // The receipt travels through the page's action to the signed API (spec §7).
      await page.locator('input[type="file"]').setInputFiles({
        name: "transfer.png",
        mimeType: "image/png",
        buffer: PNG,
      });
      await page.getByRole("button", { name: locale.receiptSubmit }).click();
      await expect(page.getByText(locale.receiptSent)).toBeVisible();
      await expect(page.locator(".receipt__list")).toContainText("transfer.png");

      await page.getByRole("button", { name: locale.paid }).click();
      await expect(page.locator(".order__status .badge")).toHaveText(locale.paidStatus);
      // Paid: the details fold away but stay until the order is finished (e2e/order-page.spec.ts).
      await expect(page.locator("details.pay")).not.toHaveAttribute("open");
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

test("codes are case-insensitive and the select view links to the pair", async ({ page }) => {
  await page.goto("/en/exchange/usdttrc20/sberrub");
  await expect(page).toHaveURL(/\/en\/exchange\/USDTTRC20\/SBERRUB$/);
  await page.goto("/uk/USDTTRC20");
  await page.locator(`a[href="/uk${PAIR_PATH}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/uk${PAIR_PATH}$`));
  // And back: the order view links to the select view with the send currency kept.
  await page.getByRole("link", { name: "Обрати інший напрямок" }).click();
  await expect(page).toHaveURL(/\/uk\/USDTTRC20$/);
  await expect(page.locator('#send a[aria-current="true"]')).toContainText("Tether TRC20");
});

// The order lookup has its own spec: e2e/order-lookup.spec.ts.

test("an amount reads in the page's language and copies as a plain number", async ({
  page,
  context,
}) => {
  const errors = collectErrors(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize(VIEWPORTS[1]);
  const response = await page.goto("/exchange/BTC/SBERRUB");
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  const send = page.getByLabel("Сумма, BTC");
  const receive = page.getByLabel("Сумма, RUB");
  // The default amount is written as the computed one is: a decimal comma in both fields,
  // thousands grouped as the labels group them (decision 055).
  await expect(send).toHaveValue(/^\d+,\d+$/);
  await expect(receive).toHaveValue(/^\d{1,3}(\u00a0\d{3})*(,\d\d)?$/);
  await send.fill("0,0123");
  await expect(receive).toHaveValue("94\u00a0840,13");
  await page.getByLabel("Номер карты для получения").fill("4111 1111 1111 1111");
  await page.getByLabel("ФИО получателя").fill("Ivan Petrov");
  await page.getByLabel("E-mail").fill("amounts@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);

  // Grouped with CLDR's no-break space, the code once after another one (decision 022).
  const money = page.locator(".order__money");
  await expect(money.first()).toContainText(/^0,0123\u00a0BTC/);
  await expect(money.nth(1)).toContainText(/^94\u00a0840,13\u00a0RUB/);
  await expect(page.locator(".pay__text")).toContainText(/^Отправьте ровно 0,0123\u00a0BTC одним/);
  const amountRow = page.locator(".pay__details div").filter({ hasText: "Сумма к оплате" });
  await expect(amountRow.locator(".pay__value--amount")).toHaveText(/^0,0123\u00a0BTC$/);
  await amountRow.getByRole("button").click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("0.0123");
  expect(errors).toEqual([]);
});

/** Creates an order for 100 USDT → Sberbank RUB through the exchange page; returns its path. */
async function createOrder(page: Page): Promise<string> {
  await openExchange(page, "");
  await page.getByLabel("Сумма, USDT").fill("100");
  await page.getByLabel("Номер карты для получения").fill("4111 1111 1111 1111");
  await page.getByLabel("ФИО получателя").fill("Ivan Petrov");
  await page.getByLabel("E-mail").fill("receipt@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

test("a receipt that is not an image or PDF, or too big, is refused clearly", async ({ page }) => {
  // Creates an order and hands the browser a 10 MB file: on a busy machine that alone can take
  // most of the default 30 s, so the budget is tripled (it still waits for states, not time).
  test.slow();
  const errors = collectErrors(page);
  await createOrder(page);
  const file = page.getByLabel("Файл чека");
  const send = page.getByRole("button", { name: "Отправить чек" });

  // Checked in the browser as soon as it is picked.
  await file.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hi"),
  });
  await expect(page.getByText("Загрузите чек в формате JPEG, PNG или PDF")).toBeVisible();
  await expect(file).toHaveAttribute("aria-invalid", "true");
  const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
  await file.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
  await expect(
    page.getByText("Файл больше 10 МБ. Сожмите его или приложите скриншот"),
  ).toBeVisible();
  await send.click();
  await expect(page.locator(".receipt__list")).toHaveCount(0);

  // A file that only pretends to be a PNG passes the browser; the API judges the content.
  await file.setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html>not a picture</html>"),
  });
  await expect(file).not.toHaveAttribute("aria-invalid");
  await send.click();
  await expect(page.getByText("Загрузите чек в формате JPEG, PNG или PDF")).toBeVisible();
  await expect(page.locator(".receipt__list")).toHaveCount(0);
  expect(errors.filter((error) => !error.includes("422"))).toEqual([]);
});

test("the receipt upload works without JavaScript too", async ({ page, browser }) => {
  const orderPath = await createOrder(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(orderPath);
  const file = plain.getByLabel("Файл чека");
  await file.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hi"),
  });
  await plain.getByRole("button", { name: "Отправить чек" }).click();
  await expect(plain.getByText("Загрузите чек в формате JPEG, PNG или PDF")).toBeVisible();

  await plain.getByLabel("Файл чека").setInputFiles({
    name: "scan.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await plain.getByRole("button", { name: "Отправить чек" }).click();
  await expect(plain).toHaveURL(new RegExp(`${orderPath}\\?receipt=sent$`));
  await expect(
    plain.getByText("Чек получен. Оператор проверит его вместе с платежом."),
  ).toBeVisible();
  await expect(plain.locator(".receipt__list")).toContainText("scan.png");
  await context.close();
});
