import { join } from "node:path";
import { collectErrors } from "./support/console-errors.ts";
import { type Browser, expect, type Page, test } from "./support/test.ts";

// Issue 26 point 10 and point 1, in Chromium: the desk's status badge never runs over the
// amounts, the phone's header folds its menu away, /admin/orders is the desk, and a screen
// whose data is unreadable shows its error boundary with a retry instead of a white page.
// Texts are written out, not read from the catalog.

const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = process.env.CONSOLE_SHOTS_DIR;
const STATUSES = [
  "new",
  "paid",
  "processing",
  "hold",
  "error",
  "completed",
  "cancelled",
  "expired",
  "refunded",
] as const;

function consoleUrl(baseURL: string | undefined, path = "/admin"): string {
  const url = new URL(path, baseURL);
  url.hostname = "localhost";
  return url.href;
}

async function signIn(browser: Browser, baseURL: string | undefined, viewport: typeof PHONE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(consoleUrl(baseURL));
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Пароль").fill(ADMIN.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.locator(".top__who")).toContainText(ADMIN.email);
  return { context, page };
}

/** A queue page with an order in every status, with long amounts: the widest rows there are. */
function queueOfEveryStatus() {
  const currency = (id: number, code: string, decimals: number) => ({
    id,
    url_xml: code,
    currency_code: code.slice(0, 4),
    pay_system: code,
    decimals,
  });
  const items = STATUSES.map((status, index) => ({
    exchange_uuid: `6f1c2a9e-0a4b-4c1d-9e7f-3b2a1c0d9e8${index}`,
    exchange_status: status,
    send_amount: "1234567.89",
    receive_amount: "15.12345678",
    send_currency: currency(1, "SBERRUB", 2),
    receive_currency: currency(2, "USDTTRC20", 8),
    email: `customer-${index}@example.com`,
    created_at: "2026-11-25T12:00:00.000Z",
    updated_at: "2026-11-25T12:00:00.000Z",
  }));
  return { items, total: items.length, total_capped: false, page: 1, page_size: 50 };
}

async function overlapping(page: Page): Promise<string[]> {
  return page.locator(".queue__row").evaluateAll((rows) =>
    rows.flatMap((row) => {
      const badge = row.querySelector(".badge")!.getBoundingClientRect();
      const amounts = row.querySelector(".queue__amounts")!.getBoundingClientRect();
      const apart =
        badge.right <= amounts.left ||
        amounts.right <= badge.left ||
        badge.bottom <= amounts.top ||
        amounts.bottom <= badge.top;
      return apart ? [] : [row.querySelector(".badge")!.textContent ?? ""];
    }),
  );
}

for (const [device, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  for (const locale of ["ru", "uk", "en"] as const) {
    test(`the desk's status badges stay clear of the amounts in ${locale} on a ${device}`, async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await signIn(browser, baseURL, viewport);
      await page.route(
        (url) => url.pathname === "/admin/api/orders",
        (route) => route.fulfill({ json: { data: queueOfEveryStatus() } }),
      );
      await page.locator(".lang select").selectOption(locale);
      await page.goto(consoleUrl(baseURL, "/admin/orders"));
      await expect(page.locator(".queue__row")).toHaveCount(STATUSES.length);
      expect(await overlapping(page)).toEqual([]);
      if (SHOTS)
        await page.screenshot({
          path: join(SHOTS, `layout-desk-${locale}-${device}.png`),
          fullPage: true,
        });
      await context.close();
    });
  }
}

test("on a 390 px phone the menu folds behind a button and the header stays short", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signIn(browser, baseURL, PHONE);
  const errors = collectErrors(page);
  await expect(page.getByRole("heading", { name: "Заявки", level: 1 })).toBeVisible();
  const menu = page.getByRole("button", { name: "Меню" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("navigation", { name: "Разделы консоли" })).toBeHidden();
  const header = await page.locator("header.top").boundingBox();
  // Two short rows: far from the half of the first screen it took with every section shown.
  expect(header!.height).toBeLessThan(PHONE.height / 5);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, "layout-menu-closed-phone.png") });

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const nav = page.getByRole("navigation", { name: "Разделы консоли" });
  await expect(nav.getByRole("link", { name: "Каталог" })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: join(SHOTS, "layout-menu-open-phone.png") });
  await nav.getByRole("link", { name: "Каталог" }).click();
  await expect(page.getByRole("heading", { name: "Каталог", level: 1 })).toBeVisible();
  // The chosen section closes the menu, so the screen is what the phone shows.
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});

test("on a desktop the menu is one row and needs no button", async ({ browser, baseURL }) => {
  const { context, page } = await signIn(browser, baseURL, DESKTOP);
  await expect(page.getByRole("button", { name: "Меню" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Разделы консоли" })).toBeVisible();
  // Every section in one row.
  const tops = await page
    .locator("#console-nav a")
    .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, "layout-desk-desktop.png") });
  await context.close();
});

test("/admin/orders is the order desk, and an unknown address says so", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signIn(browser, baseURL, DESKTOP);
  await page.goto(consoleUrl(baseURL, "/admin/orders?status=paid"));
  await expect(page.getByRole("heading", { name: "Заявки", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Статус")).toHaveValue("paid");
  await expect(page.getByRole("link", { name: "Заявки" })).toHaveAttribute("aria-current", "page");
  await page.goto(consoleUrl(baseURL, "/admin/orders/42"));
  await expect(page.getByText("Такой страницы в консоли нет.")).toBeVisible();
  await page.goto(consoleUrl(baseURL, "/admin/no-such-screen"));
  await expect(page.getByText("Такой страницы в консоли нет.")).toBeVisible();
  await context.close();
});

test("a screen whose data cannot be read shows why and a retry, not a white page", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signIn(browser, baseURL, DESKTOP);
  await page.route("**/admin/api/dashboard*", (route) =>
    route.fulfill({ json: { data: { period: "today", directions: "not a list" } } }),
  );
  await page.goto(consoleUrl(baseURL, "/admin/dashboard"));
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Этот раздел не удалось показать.");
  // The console around it stays: the menu still leads elsewhere.
  await expect(page.getByRole("link", { name: "Каталог" })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: join(SHOTS, "layout-screen-error-desktop.png") });

  await page.unroute("**/admin/api/dashboard*");
  await alert.getByRole("button", { name: "Повторить" }).click();
  await expect(page.getByRole("heading", { name: "Сводка", level: 1 })).toBeVisible();
  await expect(page.locator(".screen-error")).toHaveCount(0);
  await context.close();
});
