import { AxeBuilder } from "@axe-core/playwright";
import { AUTH_TEXTS, registerAndConfirm, uniqueEmail } from "./account-helpers.ts";
import { collectErrors } from "./support/console-errors.ts";
import { startObmen } from "./support/obmen-server.ts";
import { type Browser, expect, type Page, test } from "./support/test.ts";

// The console's screens of decision 032: an admin publishes a news item that the public site
// shows at once in its languages, hides and shows it again; a currency's order field editor
// shows the API's refusal under the input; every screen is looked at on a desktop and a phone,
// in Russian, English and Ukrainian; a partner earns a reward, asks for a withdrawal, and an
// operator pays it on the withdrawal desk with a reference. Texts are written out, not read
// from the catalog.

const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** Screenshots of each screen go here when set (to look at them, not to compare). */
const SHOTS = process.env.CONSOLE_SHOTS_DIR;
/** A TRON address that passes the order fields' check (USDT TRC20 payouts). */
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** A small but real PNG: the API judges receipts by their content. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/** The console answers state-changing calls only from APP_URL's origin (decision 028). */
function consoleUrl(baseURL: string | undefined, path = "/admin"): string {
  const url = new URL(path, baseURL);
  url.hostname = "localhost";
  return url.href;
}

async function signIn(browser: Browser, baseURL: string | undefined, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL });
  const page = await context.newPage();
  await page.goto(consoleUrl(baseURL));
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Пароль").fill(ADMIN.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.locator(".top__who")).toContainText(ADMIN.email);
  return { context, page };
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
    );
  expect(serious).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("an admin publishes a news item and the site shows it at once, in its languages", async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const slug = `console-news-${Date.now()}`;
  const { context, page } = await signIn(browser, baseURL);
  const errors = collectErrors(page);

  await page.getByRole("link", { name: "Тексты сайта" }).click();
  await expect(page.getByRole("heading", { name: "Тексты сайта", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Новый текст" }).click();
  await expect(page.getByRole("heading", { name: "Новый текст", level: 1 })).toBeVisible();

  // A refusal is told under its input: the slug must be lower-case words with hyphens.
  await page.getByLabel("Адрес (slug)").fill("Not A Slug");
  await page.getByLabel("Заголовок").fill("Ночные выплаты");
  await page.getByLabel("Текст", { exact: true }).fill("Платим **круглосуточно**.");
  await page.getByRole("button", { name: "Создать" }).click();
  await expect(page.locator("#content-slug")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#content-slug-error")).not.toBeEmpty();

  await page.getByLabel("Адрес (slug)").fill(slug);
  await page.getByLabel("Описание (для поисковиков и списка)").fill("Теперь и ночью.");
  await page.getByRole("button", { name: "Английский" }).click();
  await page.getByLabel("Заголовок").fill("Night payouts");
  await page.getByLabel("Текст", { exact: true }).fill("We pay **round the clock**.");
  await shot(page, "content-new-desktop-ru");
  await page.getByRole("button", { name: "Создать" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/\d+$/);
  await expect(page.getByRole("status")).toHaveText("Сохранено: на сайте уже новая версия.");

  // The public site, in a visitor's own context, at once.
  const visitor = await browser.newContext({ viewport: PHONE });
  const site = await visitor.newPage();
  await site.goto(`/news/${slug}`);
  await expect(site.getByRole("heading", { name: "Ночные выплаты", level: 1 })).toBeVisible();
  await expect(site.locator("strong", { hasText: "круглосуточно" })).toBeVisible();
  await site.goto(`/en/news/${slug}`);
  await expect(site.getByRole("heading", { name: "Night payouts", level: 1 })).toBeVisible();
  await site.goto("/news");
  await expect(site.getByRole("link", { name: "Ночные выплаты" })).toBeVisible();
  // No Ukrainian text yet: the Ukrainian reader gets the Russian one.
  await site.goto(`/uk/news/${slug}`);
  await expect(site.getByRole("heading", { name: "Ночные выплаты", level: 1 })).toBeVisible();

  // Hidden from the site at once, and back.
  await page.getByRole("button", { name: "Скрыть с сайта" }).click();
  await expect(page.getByRole("status")).toHaveText("Текст скрыт с сайта.");
  const gone = await site.goto(`/news/${slug}`);
  expect(gone?.status()).toBe(404);
  await page.getByRole("button", { name: "Опубликовать" }).click();
  await expect(page.getByRole("status")).toHaveText("Текст опубликован.");
  const back = await site.goto(`/news/${slug}`);
  expect(back?.status()).toBe(200);

  // A Ukrainian text added later replaces the fallback.
  await page.getByRole("button", { name: "Украинский" }).click();
  await page.getByLabel("Заголовок").fill("Нічні виплати");
  await page.getByLabel("Текст", { exact: true }).fill("Платимо цілодобово.");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status")).toHaveText("Сохранено: на сайте уже новая версия.");
  await site.goto(`/uk/news/${slug}`);
  await expect(site.getByRole("heading", { name: "Нічні виплати", level: 1 })).toBeVisible();

  // The list finds it, marked as on the site.
  await page.getByRole("link", { name: /Все тексты/ }).click();
  await page.getByLabel("Адрес или заголовок").fill(slug);
  await page.getByRole("button", { name: "Найти" }).click();
  const row = page.locator(".row").filter({ hasText: slug });
  await expect(row).toHaveCount(1);
  await expect(row.locator(".badge").last()).toHaveText("На сайте");
  await expect(row).toContainText("RU · EN · UK");

  expect(errors.filter((text) => !text.includes("status of 422"))).toEqual([]);
  await visitor.close();
  await context.close();
});

test("a currency's order field editor shows the API's refusal under the input", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signIn(browser, baseURL);
  await page.goto(consoleUrl(baseURL, "/admin/catalogue"));
  await page.getByRole("button", { name: /^Валюты/ }).click();
  const row = page.getByRole("listitem", { name: "Tether TRC20 USDT" });
  await expect(row.getByText("Поля заявки")).toBeVisible();
  await row.getByRole("button", { name: "Изменить поля" }).click();
  const key = row.locator('input[id$="-0-key"]');
  const original = await key.inputValue();
  await key.fill("wallet");
  await row.getByRole("button", { name: "Сохранить поля" }).click();
  await expect(key).toHaveAttribute("aria-invalid", "true");
  await expect(row.locator('[id$="-0-key-error"]')).toHaveText(
    "Поля № 1, поле «Ключ поля»: недопустимое значение",
  );
  await expect(row.getByRole("alert")).toHaveText(
    "Поля не сохранены: исправьте отмеченные значения.",
  );
  await shot(page, "fields-error-desktop-ru");
  await key.fill(original);
  await row.getByRole("button", { name: "Отмена" }).click();
  await expect(row.getByRole("button", { name: "Изменить поля" })).toBeVisible();
  await context.close();
});

for (const locale of [
  { code: "ru", content: "Тексты сайта", withdrawals: "Выплаты партнёрам", fields: "Поля заявки" },
  { code: "en", content: "Site texts", withdrawals: "Partner payouts", fields: "Order fields" },
  { code: "uk", content: "Тексти сайту", withdrawals: "Виплати партнерам", fields: "Поля заявки" },
]) {
  for (const [device, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`the new screens in ${locale.code} on a ${device}`, async ({ browser, baseURL }) => {
      // axe-core over every screen is slow on a shared machine.
      test.slow();
      const { context, page } = await signIn(browser, baseURL, viewport);
      const errors = collectErrors(page);
      await page.locator(".lang select").selectOption(locale.code);

      await page.goto(consoleUrl(baseURL, "/admin/content?kind=page"));
      await expect(page.getByRole("heading", { name: locale.content, level: 1 })).toBeVisible();
      await expect(page.locator(".row").first()).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `content-list-${device}-${locale.code}`);

      await page.locator(".row a[href^='/admin/content/']").first().click();
      await expect(page.locator("#content-body")).not.toBeEmpty();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `content-edit-${device}-${locale.code}`);

      await page.goto(consoleUrl(baseURL, "/admin/withdrawals"));
      await expect(page.getByRole("heading", { name: locale.withdrawals, level: 1 })).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `withdrawals-${device}-${locale.code}`);

      await page.goto(consoleUrl(baseURL, "/admin/catalogue"));
      await page.locator(".tabs__buttons button").nth(1).click();
      await expect(page.getByText(locale.fields).first()).toBeVisible();
      await page.locator(".fields button").first().click();
      await expect(page.locator(".fields__row").first()).toBeVisible();
      await noSidewaysScroll(page);
      await expectAccessible(page);
      await shot(page, `fields-${device}-${locale.code}`);

      expect(errors).toEqual([]);
      await context.close();
    });
  }
}

/** A customer's order through the site, with a receipt, marked paid by the customer. */
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

test("an operator pays a partner's withdrawal with a reference and rejects one with a reason", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // A server of its own: a reward from one order is cents, so the programme's minimum
  // withdrawal is set below it (the suite's server keeps the default of 10 USDT).
  const server = await startObmen({
    port: Number(process.env.E2E_PORT ?? 3111) + 1000,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AFFILIATE_MIN_WITHDRAWAL: "0.01",
    },
  });
  try {
    // A partner signs up and takes their link.
    const partnerContext = await browser.newContext({ baseURL: server.url });
    const partner = await partnerContext.newPage();
    const partnerEmail = uniqueEmail("partner");
    await registerAndConfirm(partner, {
      prefix: "",
      email: partnerEmail,
      password: "Partner-payout-e2e-31",
      texts: AUTH_TEXTS.ru,
    });
    await partner.goto("/account/affiliate");
    const link = new URL((await partner.getByTestId("ref-link").textContent()) ?? "");

    // A visitor arrives by the link and exchanges; an operator completes the order.
    const visitorContext = await browser.newContext({ baseURL: server.url });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${link.pathname}${link.search}`);
    const uuid = await createPaidOrder(visitor, uniqueEmail("referred"));
    const { context, page } = await signIn(browser, server.url);
    const errors = collectErrors(page);
    const origin = new URL(consoleUrl(server.url)).origin;
    for (const data of [
      { status: "processing" },
      { status: "completed", payout_reference: "SBP-e2e-1" },
    ]) {
      const moved = await page.request.post(
        consoleUrl(server.url, `/admin/api/orders/${uuid}/status`),
        { data, headers: { origin } },
      );
      expect(moved.status(), await moved.text()).toBe(200);
    }

    // The partner sees the reward and asks for a part of it.
    await partner.goto("/account/affiliate");
    await partner.getByLabel("Сумма, USDT").fill("0.05");
    await partner.locator("#withdraw-receive_wallet_address").fill(TRON_ADDRESS);
    await partner.getByRole("button", { name: "Запросить выплату" }).click();
    await expect(
      partner.getByText("Заявка на выплату принята. Сумма удерживается до выплаты."),
    ).toBeVisible();

    // The operator finds it on the desk: a payment needs its reference, asked in place.
    await page.getByRole("link", { name: "Выплаты партнёрам" }).click();
    await expect(page.getByRole("heading", { name: "Выплаты партнёрам", level: 1 })).toBeVisible();
    const row = page.locator(".row").filter({ hasText: partnerEmail });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("0,05 USDT");
    await expect(row).toContainText(TRON_ADDRESS);
    await expect(row.locator(".badge")).toHaveText("Ждёт выплаты");
    await row.getByRole("button", { name: "Выплатить" }).click();
    await expect(
      row.getByText(`Отметить выплату 0,05 USDT партнёру ${partnerEmail}`),
    ).toBeVisible();
    await row.getByRole("button", { name: "Подтвердить выплату" }).click();
    await expect(row.getByLabel("Номер выплаты")).toHaveAttribute("aria-invalid", "true");
    await shot(page, "withdrawal-pay-desktop-ru");
    await row.getByLabel("Номер выплаты").fill("TRX-e2e-0001");
    await row.getByRole("button", { name: "Подтвердить выплату" }).click();
    await expect(page.getByRole("status")).toContainText("отмечена выплаченной");
    await expect(page.locator(".row").filter({ hasText: partnerEmail })).toHaveCount(0);

    // Paid, with its reference, in the list of paid ones; the partner's balance moved.
    await page.getByLabel("Статус").selectOption("paid");
    const paid = page.locator(".row").filter({ hasText: partnerEmail });
    await expect(paid.locator(".badge")).toHaveText("Выплачена");
    await expect(paid).toContainText("TRX-e2e-0001");
    await page.getByRole("button", { name: "Партнёры" }).click();
    const balance = page.getByRole("listitem", { name: partnerEmail });
    await expect(balance).toContainText("Выплачено: 0,05 USDT");
    await expect(balance).toContainText("В удержании: 0 USDT");
    await shot(page, "withdrawal-partners-desktop-ru");

    // The partner sees it paid with the reference, and was told by letter.
    await partner.reload();
    await expect(partner.getByText("Номер выплаты: TRX-e2e-0001")).toBeVisible();
    const mailbox = await (await partner.request.get("/dev/mailbox")).text();
    const letters = mailbox
      .split("<tr>")
      .filter((cell) => cell.includes(`<td>${partnerEmail}</td>`));
    expect(letters.some((cell) => cell.includes("affiliate_withdrawal_paid"))).toBe(true);

    // A second request is rejected with the reason the partner reads; the hold comes back.
    await partner.getByLabel("Сумма, USDT").fill("0.05");
    await partner.locator("#withdraw-receive_wallet_address").fill(TRON_ADDRESS);
    await partner.getByRole("button", { name: "Запросить выплату" }).click();
    await expect(
      partner.getByText("Заявка на выплату принята. Сумма удерживается до выплаты."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Заявки на вывод" }).click();
    await page.getByLabel("Статус").selectOption("requested");
    const second = page.locator(".row").filter({ hasText: partnerEmail });
    await second.getByRole("button", { name: "Отклонить" }).click();
    await expect(
      second.getByText(`Отклонить вывод 0,05 USDT партнёра ${partnerEmail}?`, { exact: false }),
    ).toBeVisible();
    await second
      .getByLabel("Причина отказа (партнёр прочтёт её в письме)")
      .fill("Адрес в другой сети");
    await second.getByRole("button", { name: "Подтвердить отказ" }).click();
    await expect(page.getByRole("status")).toContainText("отклонена, сумма вернулась на баланс");
    await partner.reload();
    await expect(partner.getByText("Причина: Адрес в другой сети")).toBeVisible();
    await page.getByRole("button", { name: "Партнёры" }).click();
    await expect(page.getByRole("listitem", { name: partnerEmail })).toContainText(
      "В удержании: 0 USDT",
    );

    expect(errors).toEqual([]);
    await Promise.all([context.close(), partnerContext.close(), visitorContext.close()]);
  } finally {
    await server.stop();
  }
});
