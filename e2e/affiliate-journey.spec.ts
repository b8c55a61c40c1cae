import { AxeBuilder } from "@axe-core/playwright";
import {
  AUTH_TEXTS,
  registerAndConfirm,
  uniqueEmail,
  waitForHydration,
} from "./account-helpers.ts";
import { collectErrors } from "./support/console-errors.ts";
import { expect, type Page, request, test } from "./support/test.ts";

/** Where a refund's money went back and its reference: every refund gives both (issue 26). */
const REFUND = { refund_to: "card 2202 **** 4415", refund_reference: "RFD-20261128-1" };

// The partner's journey (issue 18): a partner takes their link from /account/affiliate; a
// visitor arrives by it, registers and exchanges; the operator completes the order through
// the console API; the partner sees the click, the sign-up, the order and the reward, and
// withdraws. In Russian on a desktop and in Ukrainian on a phone; expected words written out.
const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

const RUNS = [
  {
    lang: "ru" as const,
    prefix: "",
    viewport: { width: 1440, height: 900 },
    title: "Партнёрская программа",
    available: "Доступно",
    completed: "Выполнена",
    amount: "Сумма, USDT",
    submit: "Запросить выплату",
    requested: "Заявка на выплату принята. Сумма удерживается до выплаты.",
    requestedStatus: "Ждёт выплаты",
    debt: "Удержано в счёт возврата",
    debtNote: /спишется из следующих начислений/,
    withdrawDebt:
      /^Доступно к выводу: 0 USDT\. Следующие начисления сначала погасят 10 USDT, удержанные в счёт возврата\.$/,
    tooMuch: /Недостаточно|доступно/i,
    sendLabel: "Сумма, USDT",
    cardLabel: "Номер карты для получения",
    nameLabel: "ФИО получателя",
    createOrder: "Создать заявку",
    receiptSubmit: "Отправить чек",
    paid: "Я оплатил",
    paidStatus: "Проверка оплаты",
  },
  {
    lang: "uk" as const,
    prefix: "/uk",
    viewport: { width: 390, height: 844 },
    title: "Партнерська програма",
    available: "Доступно",
    completed: "Виконана",
    amount: "Сума, USDT",
    submit: "Запросити виплату",
    requested: "Запит на виплату прийнято. Сума утримується до виплати.",
    requestedStatus: "Очікує виплати",
    debt: "Утримано в рахунок повернення",
    debtNote: /буде списано з наступних нарахувань/,
    withdrawDebt:
      /^Доступно для виведення: 0 USDT\. Наступні нарахування спершу погасять 10 USDT, утримані в рахунок повернення\.$/,
    tooMuch: /Недостатньо|доступно/i,
    sendLabel: "Сума, USDT",
    cardLabel: "Номер картки для отримання",
    nameLabel: "ПІБ отримувача",
    createOrder: "Створити заявку",
    receiptSubmit: "Надіслати квитанцію",
    paid: "Я оплатив",
    paidStatus: "Перевірка оплати",
  },
];

/** The console's origin is APP_URL's (localhost), which its state-changing calls demand. */
function consoleOrigin(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? "http://127.0.0.1:3111");
  url.hostname = "localhost";
  return url.origin;
}

/** The operator moves the order paid → processing → completed through the console API. */
async function completeAsOperator(baseURL: string | undefined, uuid: string) {
  const origin = consoleOrigin(baseURL);
  const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const login = await api.post("/admin/api/login", { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  for (const body of [
    { status: "processing" },
    { status: "completed", payout_reference: "E2E-AFF-1" },
  ]) {
    const moved = await api.post(`/admin/api/orders/${uuid}/status`, { data: body });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  await api.dispose();
}

/**
 * An admin refunds the completed order (decision 039): its reward is reversed, taken from
 * what is available and, past that, left as the partner's debt.
 */
async function refundAsAdmin(baseURL: string | undefined, uuid: string) {
  const origin = consoleOrigin(baseURL);
  const api = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const login = await api.post("/admin/api/login", { data: ADMIN });
  expect(login.status(), await login.text()).toBe(200);
  const moved = await api.post(`/admin/api/orders/${uuid}/status`, {
    data: { status: "refunded", ...REFUND, comment: "Chargeback from the card issuer" },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await api.dispose();
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

for (const run of RUNS) {
  test(`a partner's link brings a customer, and the partner withdraws the reward (${run.lang}, ${run.viewport.width}px)`, async ({
    page,
    browser,
    baseURL,
  }, info) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    const texts = AUTH_TEXTS[run.lang];
    await page.setViewportSize(run.viewport);

    // The partner: signs up and finds the link on the affiliate page.
    const partnerEmail = uniqueEmail(`aff-partner-${run.lang}`);
    await registerAndConfirm(page, {
      prefix: run.prefix,
      email: partnerEmail,
      password: "a long partner passphrase",
      texts,
    });
    await page.goto(`${run.prefix}/account/affiliate`);
    await expect(page.getByRole("heading", { level: 2, name: run.title })).toBeVisible();
    const link = (await page.getByTestId("ref-link").textContent()) ?? "";
    const rid = new URL(link).searchParams.get("rid");
    expect(rid).toMatch(/^[a-z2-7]{16}$/);
    await expect(page.getByTestId("balance-available")).toHaveText("0");
    await expect(page.locator(".affiliate-link__qr svg")).toBeVisible();

    // The visitor, in a browser of their own: arrives by the link, registers, exchanges.
    const visitorContext = await browser.newContext({ viewport: run.viewport });
    const visitor = await visitorContext.newPage();
    const visitorErrors = collectErrors(visitor);
    await visitor.goto(`${run.prefix}/?rid=${rid}`);
    await expect(visitor).toHaveURL(new RegExp(`${run.prefix}/$`));
    const visitorEmail = uniqueEmail(`aff-visitor-${run.lang}`);
    await registerAndConfirm(visitor, {
      prefix: run.prefix,
      email: visitorEmail,
      password: "a long visitor passphrase",
      texts,
    });
    await visitor.goto(`${run.prefix}/exchange/USDTTRC20/SBERRUB`);
    await waitForHydration(visitor);
    // Large enough that the reward passes the programme's minimum withdrawal.
    await visitor.getByLabel(run.sendLabel).fill("3000");
    await visitor.getByLabel(run.cardLabel).fill("4111 1111 1111 1111");
    await visitor.getByLabel(run.nameLabel).fill("Ivan Petrov");
    await expect(visitor.getByLabel("E-mail")).toHaveValue(visitorEmail);
    await visitor.getByRole("checkbox").check();
    await visitor.getByRole("button", { name: run.createOrder }).click();
    await expect(visitor).toHaveURL(new RegExp(`${run.prefix}/order/[0-9a-f-]{36}$`));
    const uuid = visitor.url().split("/").pop() as string;
    await visitor.locator('input[type="file"]').setInputFiles({
      name: "transfer.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await visitor.getByRole("button", { name: run.receiptSubmit }).click();
    await expect(visitor.locator(".receipt__list")).toContainText("transfer.png");
    await visitor.getByRole("button", { name: run.paid }).click();
    await expect(visitor.locator(".order__status .badge")).toHaveText(run.paidStatus);
    expect(visitorErrors).toEqual([]);
    await visitorContext.close();

    // The operator completes it.
    await completeAsOperator(baseURL, uuid);

    // The partner sees the click, the sign-up, the order and the reward.
    await page.goto(`${run.prefix}/account/affiliate`);
    await waitForHydration(page);
    const channel = page.locator(".affiliate-table:not(.affiliate-table--referrals) tbody tr");
    await expect(channel).toHaveCount(1);
    const cells = channel.locator("td");
    await expect(cells.nth(1)).toHaveText("1");
    await expect(cells.nth(2)).toHaveText("1");
    await expect(cells.nth(3)).toHaveText("1");
    const referral = page.locator(".affiliate-table--referrals tbody tr");
    await expect(referral).toHaveCount(1);
    await expect(referral).toContainText(run.completed);
    const available = await page.getByTestId("balance-available").textContent();
    const reward = Number((available ?? "").replace(/\s/g, "").replace(",", "."));
    expect(reward).toBeGreaterThan(10);
    await expect(referral.locator("td").nth(5)).toContainText(available as string);
    await expect(page.locator(".affiliate-chart rect")).toHaveCount(1);
    // Sorting by the reward (spec §4): ascending, descending, then cleared.
    const rewardHeading = page.locator(".affiliate-table__sort").nth(5);
    await rewardHeading.click();
    await expect(page).toHaveURL(/\?sort=reward&dir=asc$/);
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(1);
    await rewardHeading.click();
    await expect(page).toHaveURL(/\?sort=reward&dir=desc$/);
    await expect(page.locator('th[aria-sort="descending"]')).toHaveCount(1);
    await rewardHeading.click();
    await expect(page).toHaveURL(/\/account\/affiliate$/);
    await expect(page.locator("th[aria-sort]")).toHaveCount(0);
    await noSidewaysScroll(page);

    // More than available is refused beside the amount; then 10 USDT to a TRC20 address.
    await page.getByLabel(run.amount).fill("100000");
    await page
      .getByLabel(/TRC20|адрес|адреса/i)
      .first()
      .fill(TRON_ADDRESS);
    await page.getByRole("button", { name: run.submit }).click();
    await expect(page.locator("#withdraw-amount-error")).toContainText(run.tooMuch);
    await page.getByLabel(run.amount).fill("10");
    await page.getByRole("button", { name: run.submit }).click();
    await expect(page.getByRole("status")).toHaveText(run.requested);
    await expect(page.getByTestId("balance-on-hold")).toHaveText("10");
    await expect(page.locator(".affiliate-status--requested")).toHaveText(run.requestedStatus);

    await expect(page.getByTestId("balance-debt")).toHaveCount(0);
    await expect(page.getByTestId("withdraw-debt")).toHaveCount(0);

    await page.screenshot({
      path: info.outputPath(`affiliate-${run.lang}-with-reward.png`),
      fullPage: true,
    });

    // The order is refunded after completion (decision 039): the 10 USDT already withdrawn
    // cannot come back from the balance, so the partner sees 0 available, the 10 owed and why,
    // and the withdraw form says so, on a narrow phone and on a desktop.
    await refundAsAdmin(baseURL, uuid);
    for (const viewport of [{ width: 360, height: 780 }, run.viewport]) {
      await page.setViewportSize(viewport);
      await page.goto(`${run.prefix}/account/affiliate`);
      await expect(page.getByTestId("balance-available")).toHaveText("0");
      await expect(page.getByTestId("balance-on-hold")).toHaveText("10");
      await expect(page.getByTestId("balance-debt")).toHaveText("10");
      await expect(page.locator(".affiliate-balance__debt dt")).toHaveText(run.debt);
      await expect(page.getByTestId("balance-debt-note")).toContainText(run.debtNote);
      await expect(page.getByTestId("withdraw-debt")).toHaveText(run.withdrawDebt);
      await noSidewaysScroll(page);
      await page.screenshot({
        path: info.outputPath(`affiliate-${run.lang}-debt-${viewport.width}.png`),
        fullPage: true,
      });
    }

    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
      );
    expect(serious).toEqual([]);
    // The refused withdrawal was a 409 answer to the form: the browser logs it, nothing else may.
    expect(errors.filter((error) => !/status of 4(09|22)/.test(error))).toEqual([]);
  });
}

test("the public /partner page states the configured terms", async ({ page }) => {
  await page.goto("/partner");
  await expect(page.getByTestId("partner-share")).toContainText("30\u00a0%");
  await expect(page.getByTestId("partner-minimum")).toContainText("10 USDT");
  await page.goto("/en/partner");
  await expect(page.getByTestId("partner-share")).toContainText("30%");
  await expect(page.getByRole("link", { name: "Register to get your link" })).toBeVisible();
});
