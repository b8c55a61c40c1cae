import { collectErrors } from "./support/console-errors.ts";
import { type Browser, expect, type Page, test } from "./support/test.ts";

// Issue 14 point 3 (docs/decisions/035): a paid order recalculated at the current rate by an
// operator at /admin; the customer sees the new amounts on the order page and accepts them, or
// asks for a refund to a wallet they type — the second case with JavaScript turned off, since
// both answers are plain forms. Texts are written out, not read from the catalog.

// As playwright.config.ts gives the e2e server.
const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };
const TRON_ADDRESS = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";

/** The console refuses state-changing calls from an origin other than APP_URL's (localhost). */
function consoleUrl(baseURL: string | undefined, path: string): string {
  const url = new URL(path, baseURL);
  url.hostname = "localhost";
  return url.href;
}

async function createPaidOrder(page: Page, email: string): Promise<string> {
  await page.goto("/exchange/USDTTRC20/SBERRUB");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Сумма, USDT").fill("100");
  await page.getByLabel("Номер карты для получения").fill("4111 1111 1111 1111");
  await page.getByLabel("ФИО получателя").fill("Ivan Petrov");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Я оплатил" }).click();
  await expect(page.locator(".order__status .badge")).toHaveText("Проверка оплаты");
  return page.url().split("/").pop()!;
}

/** An operator signed in, on the order's screen in the console. */
async function openInConsole(browser: Browser, baseURL: string | undefined, uuid: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await context.newPage();
  await desk.goto(consoleUrl(baseURL, "/admin"));
  await desk.getByLabel("E-mail").fill(ADMIN.email);
  await desk.getByLabel("Пароль").fill(ADMIN.password);
  await desk.getByRole("button", { name: "Войти" }).click();
  await expect(desk.locator(".top__who")).toContainText(ADMIN.email);
  await desk.goto(consoleUrl(baseURL, `/admin/orders/${uuid}`));
  await expect(desk.locator(".facts .badge").first()).toHaveText("Проверка оплаты");
  return { context, desk };
}

/** Recalculates in the console, checking the preview before confirming. */
async function recalculate(desk: Page, received: string | null, preview: RegExp) {
  await desk.getByRole("button", { name: "Пересчитать по текущему курсу" }).click();
  if (received) await desk.getByLabel("Сколько пришло, USDT (пусто — сумма заявки)").fill(received);
  await expect(desk.getByTestId("recalculation-preview")).toContainText(preview);
  await desk.getByRole("button", { name: "Пересчитать и спросить клиента" }).click();
  await expect(desk.locator(".facts .badge").first()).toHaveText("Дополнительная проверка");
  await expect(desk.getByTestId("recalculation-state")).toHaveText("Ждём ответа клиента");
}

test("an operator recalculates a paid order and the customer accepts the new amount", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const customerErrors = collectErrors(page);
  const uuid = await createPaidOrder(page, "recalc-accept@example.com");
  const { context, desk } = await openInConsole(browser, baseURL, uuid);
  const deskErrors = collectErrors(desk);

  // 90 USDT arrived instead of 100: the preview prices 90 at the pair's current rate.
  await recalculate(desk, "90", /Клиент получит [\d\s,]+\sRUB за 90\sUSDT по курсу/);

  // The customer's page shows both sets of amounts and the two answers.
  await page.reload();
  const panel = page.locator(".recalc");
  await expect(
    panel.getByRole("heading", { name: "Заявка пересчитана по текущему курсу" }),
  ).toBeVisible();
  // The line under the status asks for the answer instead of the usual "additional check".
  await expect(page.locator(".order__hint")).toHaveText(
    "Оплата пришла после окончания фиксации курса или в другой сумме. Примите новую сумму или попросите вернуть деньги.",
  );
  await expect(page.getByTestId("recalc-send")).toHaveText("90\u00a0USDT");
  const newReceive = ((await page.getByTestId("recalc-receive").textContent()) ?? "").trim();
  expect(newReceive).toMatch(/^[\d\s,]+\sRUB$/);
  await page.getByRole("button", { name: "Принять новую сумму" }).click();
  await expect(page.locator(".order__status .badge")).toHaveText("В обработке");
  await expect(page.locator(".recalc")).toHaveCount(0);
  await expect(page.locator(".order__facts").first()).toContainText(newReceive);

  // The operator sees the answer and the order in processing.
  await desk.reload();
  await expect(desk.locator(".facts .badge").first()).toHaveText("В обработке");
  await expect(desk.getByTestId("recalculation-state")).toHaveText("Клиент принял новую сумму");
  expect(deskErrors).toEqual([]);
  expect(customerErrors).toEqual([]);
  await context.close();
});

test("the customer asks for a refund instead, without JavaScript, and the operator returns it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const uuid = await createPaidOrder(page, "recalc-refund@example.com");
  const { context, desk } = await openInConsole(browser, baseURL, uuid);
  // A late payment of the right sum: no amount typed, the order's own 100 USDT.
  await recalculate(desk, null, /за 100\sUSDT по курсу/);

  const plain = await browser.newContext({ javaScriptEnabled: false });
  const customer = await plain.newPage();
  await customer.goto(page.url());
  await expect(customer.getByTestId("recalc-send")).toHaveText("100\u00a0USDT");
  const field = customer.getByLabel("Адрес кошелька USDT для возврата");
  const email = customer.locator(".recalc__refund").getByLabel("E-mail заявки");
  // Another browser than the creator's: where the money goes back is not the link holder's
  // to say, the answer needs the order's e-mail (decision 052).
  await field.fill(TRON_ADDRESS);
  await customer.getByRole("button", { name: "Запросить возврат" }).click();
  await expect(customer.locator("#recalc-error")).toHaveText(
    "Введите e-mail, с которым создана заявка.",
  );
  // A card number is no TRON address: the server says so in place.
  await field.fill("4111 1111 1111 1111");
  await email.fill("recalc-refund@example.com");
  await customer.getByRole("button", { name: "Запросить возврат" }).click();
  await expect(customer.locator("#recalc-error")).toHaveText(
    "Неверный адрес кошелька: проверьте сеть и каждый символ",
  );
  await customer.getByLabel("Адрес кошелька USDT для возврата").fill(TRON_ADDRESS);
  await email.fill("recalc-refund@example.com");
  await customer.getByRole("button", { name: "Запросить возврат" }).click();
  await expect(customer.locator(".recalc")).toContainText(
    `Вы попросили вернуть деньги на ${TRON_ADDRESS}.`,
  );
  await expect(customer.getByRole("button", { name: "Принять новую сумму" })).toHaveCount(0);

  // The operator sees where to send it, sends it and marks the order refunded.
  await desk.reload();
  await expect(desk.getByTestId("recalculation-state")).toHaveText(
    `Клиент просит возврат на ${TRON_ADDRESS}`,
  );
  await desk.getByRole("button", { name: "Оформить возврат" }).click();
  // Where it went back and the transfer's reference (issue 26 point 10).
  await desk.getByLabel("Реквизиты для возврата").fill(TRON_ADDRESS);
  await desk.getByLabel("Номер возврата").fill("tx-refund-7781");
  await desk.getByRole("button", { name: "Подтвердить" }).click();
  await expect(desk.locator(".facts .badge").first()).toHaveText("Средства возвращены");

  await customer.reload();
  await expect(customer.locator(".order__status .badge")).toHaveText("Средства возвращены");
  await plain.close();
  await context.close();
});
