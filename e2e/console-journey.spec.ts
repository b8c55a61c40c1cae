import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { TOTP } from "otpauth";
import { collectErrors } from "./support/console-errors.ts";
import { type Browser, expect, type Page, test } from "./support/test.ts";

// The operator console (issue 14, docs/decisions/030-operator-console-ui.md): a customer's paid
// order is found, taken into processing and completed by an operator at /admin, and the
// customer's order page shows it completed. Texts are written out, not read from the catalog.

// As playwright.config.ts gives the e2e server.
const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.CONSOLE_SHOTS_DIR;
/** A small but real PNG: the API judges receipts by their content. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/**
 * The console refuses state-changing calls from an origin other than APP_URL's (decision 028),
 * which the e2e server leaves at http://localhost:<port>; the public site runs on 127.0.0.1.
 */
function consoleUrl(baseURL: string | undefined, path = "/admin"): string {
  const url = new URL(path, baseURL);
  url.hostname = "localhost";
  return url.href;
}

/**
 * Console errors other than the refusals a test causes on purpose: a failed /me before sign-in
 * is how the console learns there is no session (401), and a refused form is a 422.
 */
function unexpected(errors: string[], expected: number[] = [401]): string[] {
  return errors.filter((text) => !expected.some((status) => text.includes(`status of ${status}`)));
}

// The screens' checks look at the order the journey created: run the file in its order.
test.describe.configure({ mode: "serial" });

async function createPaidOrder(page: Page): Promise<string> {
  await page.goto("/exchange/USDTTRC20/SBERRUB");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Сумма, USDT").fill("100");
  await page.getByLabel("Номер карты для получения").fill("4111 1111 1111 1111");
  await page.getByLabel("ФИО получателя").fill("Ivan Petrov");
  await page.getByLabel("E-mail").fill("console-journey@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  await page.locator('input[type="file"]').setInputFiles({
    name: "transfer.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await page.getByRole("button", { name: "Отправить чек" }).click();
  await expect(page.locator(".receipt__list")).toContainText("transfer.png");
  await page.getByRole("button", { name: "Я оплатил" }).click();
  await expect(page.locator(".order__status .badge")).toHaveText("Проверка оплаты");
  return page.url().split("/").pop()!;
}

async function signIn(page: Page, baseURL: string | undefined) {
  await page.goto(consoleUrl(baseURL));
  await expect(page.getByRole("heading", { name: "Вход для операторов" })).toBeVisible();
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Пароль").fill(ADMIN.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.locator(".top__who")).toHaveText(`${ADMIN.email} · администратор`);
}

/** A section of the console's menu, opened first where it folds away (a phone, issue 26). */
async function openSection(page: Page, name: string) {
  const menu = page
    .getByRole("button", { name: "Меню" })
    .or(page.getByRole("button", { name: "Menu" }));
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name }).click();
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/** axe-core finds no serious or critical problem (labels, contrast, names of controls). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
    );
  expect(serious).toEqual([]);
}

async function newOperatorPage(browser: Browser, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

test("an operator completes a paid order, the customer sees it completed, and an admin refunds it after a chargeback", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const customerErrors = collectErrors(page);
  const uuid = await createPaidOrder(page);

  const { context, page: desk } = await newOperatorPage(browser);
  const errors = collectErrors(desk);
  await signIn(desk, baseURL);

  // The desk: paid orders are waiting; the search finds this one by its number.
  await expect(desk.getByRole("heading", { name: "Заявки", level: 1 })).toBeVisible();
  await desk.getByLabel("Статус").selectOption("paid");
  await desk.getByLabel("Поиск").fill(uuid);
  await desk.getByRole("button", { name: "Найти" }).click();
  const row = desk.locator(".queue__row").filter({ hasText: uuid });
  await expect(row).toHaveCount(1);
  // The customer's name for the state and the page's way of writing amounts (decisions 022, 040).
  await expect(row.locator(".badge")).toHaveText("Проверка оплаты");
  await expect(row).toContainText("100\u00a0USDTTRC20 → 8\u00a0116,40\u00a0SBERRUB");
  await row.getByRole("link").click();

  // The order: the customer's details unmasked, each with a copy button.
  await expect(desk).toHaveURL(new RegExp(`/admin/orders/${uuid}$`));
  await expect(desk.getByText(/^4111\s?1111\s?1111\s?1111$/)).toBeVisible();
  await expect(desk.getByRole("button", { name: "Скопировать: E-mail клиента" })).toBeVisible();
  // The receipt opens in a new tab from the API's receipt URL, with the operator's session.
  const [receipt] = await Promise.all([
    desk.waitForEvent("popup"),
    desk.getByRole("link", { name: "transfer.png" }).click(),
  ]);
  await expect(receipt).toHaveURL(/\/admin\/api\/orders\/[0-9a-f-]{36}\/receipts\/\d+$/);
  const file = await context.request.get(receipt.url());
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  await receipt.close();

  // A second operator's tab has the same order open.
  const second = await context.newPage();
  await second.goto(desk.url());
  await expect(second.getByRole("button", { name: "Взять в работу" })).toBeVisible();

  await desk.getByRole("button", { name: "Взять в работу" }).click();
  await expect(desk.getByText("Перевести заявку в статус «В обработке»?")).toBeVisible();
  await desk.getByRole("button", { name: "Подтвердить" }).click();
  await expect(desk.locator(".facts .badge").first()).toHaveText("В обработке");

  // The second tab's move comes too late: the API's 409 is told in place and the order reloaded.
  await second.getByRole("button", { name: "Взять в работу" }).click();
  await second.getByRole("button", { name: "Подтвердить" }).click();
  await expect(second.getByRole("alert")).toHaveText(
    "Заявку только что изменил кто-то другой, она загружена заново. Проверьте статус и повторите.",
  );
  await expect(second.locator(".facts .badge").first()).toHaveText("В обработке");
  await second.close();

  // Completing needs the payout reference: without it the API's message shows in place.
  await desk.getByRole("button", { name: "Выполнить" }).click();
  await desk.getByRole("button", { name: "Подтвердить" }).click();
  await expect(desk.locator("#action-payout")).toHaveAttribute("aria-invalid", "true");
  await desk.getByLabel("Номер выплаты").fill("SBP-20261125-0042");
  await desk.getByLabel("Комментарий для клиента (необязательно)").fill("Выплата отправлена");
  await desk.getByRole("button", { name: "Подтвердить" }).click();
  await expect(desk.locator(".facts .badge").first()).toHaveText("Выполнена");
  await expect(desk.getByText("SBP-20261125-0042")).toBeVisible();
  await expect(desk.locator(".events")).toContainText(ADMIN.email);

  // The customer's order page shows the order completed.
  await page.reload();
  await expect(page.locator(".order__status .badge")).toHaveText("Выполнена");

  // A chargeback: an admin may still refund the completed order (decision 039), after a
  // warning of its own, and only with the reason.
  await desk.getByRole("button", { name: "Оформить возврат" }).click();
  await expect(desk.locator(".actions__confirm")).toHaveText(
    "Оформить возврат по выполненной заявке? Это для чарджбэка или если клиент вернул выплату. " +
      "Вознаграждение партнёра за эту заявку будет списано. Резервы не изменятся: если выплата " +
      "вернулась, поправьте резерв вручную в каталоге. Клиент получит письмо с причиной.",
  );
  // A refund also says where the money went back and its reference (issue 26 point 10).
  await desk.getByRole("button", { name: "Подтвердить" }).click();
  await expect(desk.locator("#action-refund_to-error")).toHaveText(
    "Реквизиты для возврата — обязательное поле",
  );
  await expect(desk.locator("#action-refund_reference-error")).toHaveText(
    "Номер возврата — обязательное поле",
  );
  await desk.getByLabel("Реквизиты для возврата").fill("карта 4111 **** 1111");
  await desk.getByLabel("Номер возврата").fill("RFD-77120");
  await desk.getByRole("button", { name: "Подтвердить" }).click();
  await expect(desk.locator("#action-comment-error")).toHaveText(
    "Укажите причину — клиент прочитает её в письме.",
  );
  await desk.getByLabel("Причина для клиента (обязательно)").fill("Чарджбэк от банка-эмитента");
  await desk.getByRole("button", { name: "Подтвердить" }).click();
  await expect(desk.locator(".facts .badge").first()).toHaveText("Средства возвращены");
  await expect(desk.locator(".events")).toContainText("Чарджбэк от банка-эмитента");
  await expect(desk.getByTestId("refund-details")).toHaveText(
    "Возврат: карта 4111 **** 1111, номер RFD-77120",
  );
  await expect(desk.getByText("Заявка закрыта, действий больше нет.")).toBeVisible();
  await page.reload();
  await expect(page.locator(".order__status .badge")).toHaveText("Средства возвращены");

  // Sign out returns to the sign-in form, and the session is gone.
  await desk.getByRole("button", { name: "Выйти" }).click();
  await expect(desk.getByRole("heading", { name: "Вход для операторов" })).toBeVisible();
  await desk.reload();
  await expect(desk.getByRole("heading", { name: "Вход для операторов" })).toBeVisible();

  expect(unexpected(errors, [401, 422])).toEqual([]);
  expect(customerErrors).toEqual([]);
  await context.close();
});

test("a wrong password is told in place", async ({ browser, baseURL }) => {
  const { context, page } = await newOperatorPage(browser, PHONE);
  await page.goto(consoleUrl(baseURL));
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Пароль").fill("not-the-password-at-all");
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.locator("#login-password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".field__error")).not.toBeEmpty();
  await context.close();
});

for (const locale of [
  {
    code: "ru",
    desk: "Заявки",
    catalogue: "Каталог",
    reserve: "Резерв",
    markup: "Наценка",
    currencies: "Валюты",
    filter: "Найти по коду",
  },
  {
    code: "uk",
    desk: "Заявки",
    catalogue: "Каталог",
    reserve: "Резерв",
    markup: "Націнка",
    currencies: "Валюти",
    filter: "Знайти за кодом",
  },
  {
    code: "en",
    desk: "Order desk",
    catalogue: "Catalogue",
    reserve: "Reserve",
    markup: "Markup",
    currencies: "Currencies",
    filter: "Find by code",
  },
]) {
  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`the desk and catalogue in ${locale.code} on a ${name} stay within the screen`, async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await newOperatorPage(browser, viewport);
      const errors = collectErrors(page);
      await page.goto(consoleUrl(baseURL));
      await page.evaluate((code) => localStorage.setItem("obmen.console.lang", code), locale.code);
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", locale.code);
      await page.locator("#login-email").fill(ADMIN.email);
      await page.locator("#login-password").fill(ADMIN.password);
      await page.locator(".login__form button[type=submit]").click();
      await expect(page.getByRole("heading", { level: 1, name: locale.desk })).toBeVisible();
      await expect(page.locator(".queue__row").first()).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      if (SHOTS)
        await page.screenshot({
          path: join(SHOTS, `desk-${locale.code}-${name}.png`),
          fullPage: true,
        });

      await page.locator(".queue__link").first().click();
      await expect(page.locator(".order__title")).toBeVisible();
      await expect(page.locator(".events li").first()).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      if (SHOTS)
        await page.screenshot({
          path: join(SHOTS, `order-${locale.code}-${name}.png`),
          fullPage: true,
        });

      await openSection(page, locale.catalogue);
      await expect(page.getByText(`${locale.markup}:`).first()).toBeVisible();
      await page.getByRole("button", { name: new RegExp(`^${locale.currencies}`) }).click();
      await expect(page.getByText(`${locale.reserve}:`).first()).toBeVisible();
      await page.getByLabel(locale.filter).fill("USDTTRC20");
      await expect(page.locator(".row")).toHaveCount(1);
      await page.locator(".row .button--small").first().click();
      await expect(page.locator(".row__form").first()).toBeVisible();
      await noSidewaysScroll(page);
      if (SHOTS)
        await page.screenshot({ path: join(SHOTS, `catalogue-${locale.code}-${name}.png`) });
      expect(unexpected(errors)).toEqual([]);
      await context.close();
    });
  }
}

test("a catalogue error from the API is shown under its field", async ({ browser, baseURL }) => {
  const { context, page } = await newOperatorPage(browser);
  await signIn(page, baseURL);
  await page.getByRole("link", { name: "Каталог" }).click();
  const pair = page.locator(".row").filter({ hasText: "USDTTRC20 → SBERRUB" });
  await pair.getByRole("button", { name: "Изменить" }).click();
  await pair.getByLabel("Минимум отдачи").fill("900");
  await pair.getByLabel("Максимум отдачи").fill("100");
  await pair.getByRole("button", { name: "Сохранить" }).click();
  await expect(pair.locator(".field__error").first()).toBeVisible();
  await expect(pair.locator('[aria-invalid="true"]').first()).toBeVisible();
  await context.close();
});

test("a new direction's refusal is shown under its field, and a pay system is created", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newOperatorPage(browser, PHONE);
  await signIn(page, baseURL);
  await openSection(page, "Каталог");
  await page.getByRole("button", { name: "Добавить" }).click();
  const pair = page.locator("form").filter({ hasText: "Новое направление" });
  await pair.getByLabel("Клиент отдаёт").selectOption({ index: 1 });
  await pair.getByLabel("Клиент получает").selectOption({ index: 1 });
  for (const label of [
    "Курс отдачи",
    "Курс получения",
    "Реальный курс отдачи",
    "Реальный курс получения",
  ]) {
    await pair.getByLabel(label, { exact: true }).fill("1");
  }
  await pair.getByRole("button", { name: "Создать" }).click();
  await expect(pair.locator(".field__error")).toHaveText([
    "Для направления нужны две разные валюты.",
  ]);

  const system = page.locator("form").filter({ hasText: "Новая платёжная система" });
  await system.getByLabel("Название").fill(`E2E Pay ${Date.now()}`);
  // Only an icon the site serves can be picked (docs/decisions/028).
  await system.getByLabel("Иконка").selectOption({ label: "kaspi" });
  await system.getByRole("button", { name: "Создать" }).click();
  await expect(system.getByRole("status")).toContainText("Создано.");
  await noSidewaysScroll(page);
  await context.close();
});

/** Creates an operator through the operators screen, as the signed-in admin. */
async function createOperator(
  page: Page,
  role: string,
): Promise<{ email: string; password: string }> {
  const created = {
    email: `${role}-${Date.now()}@example.com`,
    password: `${role}-Console-check-9`,
  };
  await openSection(page, "Операторы");
  const form = page.getByRole("form", { name: "Новый оператор" });
  await form.getByLabel("E-mail").fill(created.email);
  await form.getByLabel("Пароль (не короче 10 символов)").fill(created.password);
  await form.getByLabel("Роль", { exact: true }).selectOption(role);
  await form.getByRole("button", { name: "Создать" }).click();
  await expect(page.getByRole("status")).toHaveText(`${created.email} уже может войти.`);
  return created;
}

test("an operator turns on the second factor and signs in with a code", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newOperatorPage(browser, PHONE);
  await signIn(page, baseURL);
  const operator = await createOperator(page, "operator");
  await page.getByRole("button", { name: "Выйти" }).click();
  await expect(page.getByRole("heading", { name: "Вход для операторов" })).toBeVisible();
  await page.getByLabel("E-mail").fill(operator.email);
  await page.getByLabel("Пароль", { exact: true }).fill(operator.password);
  await page.getByRole("button", { name: "Войти" }).click();

  await page.locator(".top__who").click();
  await expect(page.getByRole("heading", { name: "Моя учётная запись" })).toBeVisible();
  await page.getByRole("button", { name: "Включить" }).click();
  await expect(page.locator(".qr svg")).toBeVisible();
  const secret = (await page.locator("code").textContent())!.trim();
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  await page.getByLabel("Код из приложения-аутентификатора").fill(totp.generate());
  await page.getByRole("button", { name: "Подтвердить" }).click();
  await expect(page.getByText("Включена: при входе нужен код")).toBeVisible();
  await noSidewaysScroll(page);

  await page.getByRole("button", { name: "Выйти" }).click();
  await expect(page.getByRole("heading", { name: "Вход для операторов" })).toBeVisible();
  await page.getByLabel("E-mail").fill(operator.email);
  await page.getByLabel("Пароль", { exact: true }).fill(operator.password);
  await page.getByRole("button", { name: "Войти" }).click();
  const code = page.getByLabel("Код из приложения-аутентификатора");
  await expect(code).toBeVisible();
  // The code of the next step: the one used to confirm may not be used again (decision 028).
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.locator(".top__who")).toHaveText(`${operator.email} · оператор`);
  await context.close();
});

test("an editor signs in to the site's texts and is told the desk is not for their role", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newOperatorPage(browser);
  await signIn(page, baseURL);
  const editor = await createOperator(page, "editor");
  await expect(page.locator(".row").filter({ hasText: editor.email }).locator(".badge")).toHaveText(
    "редактор",
  );
  await page.getByRole("link", { name: "Журнал действий" }).click();
  // The action in the screen's language, never its key (issue 26 point 6).
  await expect(page.locator(".row").first()).toContainText("Оператор создан");
  await page.getByRole("button", { name: "Выйти" }).click();
  await expect(page.getByRole("heading", { name: "Вход для операторов" })).toBeVisible();

  await page.getByLabel("E-mail").fill(editor.email);
  await page.getByLabel("Пароль", { exact: true }).fill(editor.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.locator(".top__who")).toHaveText(`${editor.email} · редактор`);
  // Signed in where the admin left off (the audit log), which is not the editor's.
  await expect(page.getByRole("alert")).toHaveText("Вашей роли это не разрешено.");
  await expect(page.getByRole("link", { name: "Операторы" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Заявки" })).toHaveCount(0);
  // The console's start is the site's texts for an editor (decision 032).
  await page.goto(consoleUrl(baseURL));
  await expect(page.getByRole("heading", { name: "Тексты сайта", level: 1 })).toBeVisible();
  await context.close();
});

// The public site's build holds nothing of the console (home_js_kb must not move).
test("no console module is in the public site's build", async ({ page }) => {
  const root = join(import.meta.dirname, "..");
  const webClient = join(root, "apps/web/build/client");
  const consoleManifest = join(root, "apps/admin/dist/.vite/manifest.json");
  expect(existsSync(webClient)).toBe(true);
  expect(existsSync(consoleManifest)).toBe(true);
  const consoleFiles = Object.values(
    JSON.parse(readFileSync(consoleManifest, "utf8")) as Record<
      string,
      { file: string; src?: string }
    >,
  );
  const webFiles = readdirSync(webClient, { recursive: true }).map(String);
  for (const entry of consoleFiles) {
    expect(webFiles).not.toContain(entry.file);
  }
  for (const name of webFiles.filter((file) => file.endsWith(".js"))) {
    const text = readFileSync(join(webClient, name), "utf8");
    // The console's language key and its sources' folder: either would mean it leaked in.
    expect(text, name).not.toContain("obmen.console.lang");
    expect(text, name).not.toContain("apps/admin");
  }
  // And the home page asks for nothing under /admin.
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(requested.filter((path) => path.startsWith("/admin"))).toEqual([]);
});
