import { collectErrors } from "./support/console-errors.ts";
import { type Browser, expect, type Page, test } from "./support/test.ts";

// The order page (issue 15, point 5): cancelling asks first, with and without JavaScript; the
// payment details stay (folded) after "I paid"; the payer's card is listed apart from the
// payout details; card numbers and names never reach the HTML in full (decision 023).

const CARD = "5555 5555 5555 4444";
const NAME = "Ivan Petrov";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** An order paying 5000 RUB from a Sberbank card for USDT TRC20; returns the page's path. */
async function createOrder(page: Page): Promise<string> {
  const response = await page.goto("/exchange/SBERRUB/USDTTRC20");
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Сумма, RUB").fill("5000");
  await page.getByLabel("Номер карты, с которой вы платите").fill(CARD);
  await page.getByLabel("ФИО владельца карты").fill(NAME);
  await page.getByLabel(/Адрес кошелька/).fill(TRON);
  await page.getByLabel("E-mail").fill("order-page@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

async function withoutJavaScript(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

const status = (page: Page) => page.locator(".order__status .badge");

test("cancelling asks first, says what it means, and can be taken back", async ({ page }) => {
  const errors = collectErrors(page);
  const orderPath = await createOrder(page);
  await page.getByRole("link", { name: "Отменить заявку" }).click();

  const dialog = page.getByRole("dialog", { name: "Отменить заявку?" });
  await expect(dialog).toBeVisible();
  // Modal: the page behind it cannot be used until it is answered.
  await expect(dialog).toHaveJSProperty("open", true);
  expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  await expect(dialog).toContainText("резерв под вашу заявку будут сняты");
  await expect(dialog.getByRole("link", { name: "Связаться с поддержкой" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(status(page)).toHaveText("Ожидает оплаты");

  await dialog.getByRole("link", { name: "Не отменять" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  await expect(status(page)).toHaveText("Ожидает оплаты");

  // Esc closes it as well, and still cancels nothing.
  await page.getByRole("link", { name: "Отменить заявку" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(status(page)).toHaveText("Ожидает оплаты");

  await page.getByRole("link", { name: "Отменить заявку" }).click();
  await dialog.getByRole("button", { name: "Да, отменить" }).click();
  await expect(status(page)).toHaveText("Отменена");
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  // Finished: nothing left to pay.
  await expect(page.locator(".pay")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("cancelling asks first without JavaScript too", async ({ page, browser }) => {
  const orderPath = await createOrder(page);
  await withoutJavaScript(browser, async (plain) => {
    await plain.goto(orderPath);
    await plain.getByRole("link", { name: "Отменить заявку" }).click();
    await expect(plain).toHaveURL(new RegExp(`${orderPath}\\?confirm=cancel$`));
    const question = plain.getByRole("dialog", { name: "Отменить заявку?" });
    await expect(question).toBeVisible();
    await expect(question).toContainText("Уже отправили деньги?");
    await expect(status(plain)).toHaveText("Ожидает оплаты");

    await question.getByRole("link", { name: "Не отменять" }).click();
    await expect(plain).toHaveURL(new RegExp(`${orderPath}$`));
    await expect(plain.getByRole("dialog")).toHaveCount(0);
    await expect(status(plain)).toHaveText("Ожидает оплаты");

    await plain.getByRole("link", { name: "Отменить заявку" }).click();
    await plain.getByRole("button", { name: "Да, отменить" }).click();
    await expect(plain).toHaveURL(new RegExp(`${orderPath}$`));
    await expect(status(plain)).toHaveText("Отменена");
  });
});

test("after 'I paid' the payment details stay, folded, until the order is finished", async ({
  page,
}) => {
  await createOrder(page);
  await page.getByRole("button", { name: "Я оплатил" }).click();
  await expect(status(page)).toHaveText("Проверка оплаты");
  const kept = page.locator("details.pay");
  await expect(kept).toHaveCount(1);
  await expect(kept).not.toHaveAttribute("open");
  await expect(kept.locator(".pay__value--amount")).toBeHidden();
  await kept.getByText("Реквизиты для оплаты").click();
  await expect(kept.locator(".pay__value--amount")).toContainText("RUB");
  await expect(kept.locator(".pay__value--mono")).toBeVisible();
  // No second "I paid", no cancelling a paid order.
  await expect(page.getByRole("button", { name: "Я оплатил" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Отменить заявку" })).toHaveCount(0);
});

test("the payer's card is apart from the payout details, and masked for everyone", async ({
  page,
  browser,
}) => {
  const orderPath = await createOrder(page);
  const payer = page.getByRole("region", { name: "Откуда вы платите" });
  const payout = page.getByRole("region", { name: "Реквизиты для получения" });
  await expect(payer).toContainText("Номер карты, с которой вы платите");
  await expect(payer).toContainText("•••• 4444");
  await expect(payer).toContainText("I•••• P••••");
  await expect(payout).toContainText(TRON);
  await expect(payout).not.toContainText("Номер карты");

  // The creator's page and a second visitor's (no cookies) carry neither in any form: not in
  // the markup, not in the loader data the HTML embeds for hydration.
  const fullNumber = /5555[\s-]?5555[\s-]?5555[\s-]?4444/;
  expect(await page.content()).not.toMatch(fullNumber);
  const stranger = await browser.newContext();
  try {
    const response = await stranger.request.get(orderPath);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("•••• 4444");
    expect(html).not.toMatch(fullNumber);
    expect(html).not.toContain("Petrov");
  } finally {
    await stranger.close();
  }
});
