import { collectErrors } from "./support/console-errors.ts";
import { expect, type Page, test } from "./support/test.ts";

// Issue 26 points 6 and 10 in the console: the alert settings send a test and show each
// alert's delivery with its reason; the audit log is in Russian with filters and links.
// Texts are written out, not read from the catalog.

const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };
const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";

function consoleUrl(baseURL: string | undefined, path = "/admin"): string {
  const url = new URL(path, baseURL);
  url.hostname = "localhost";
  return url.href;
}

async function signIn(page: Page, baseURL: string | undefined) {
  await page.goto(consoleUrl(baseURL));
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Пароль").fill(ADMIN.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await expect(page.locator(".top__who")).toHaveText(`${ADMIN.email} · администратор`);
}

test.describe.configure({ mode: "serial" });

test("an admin sends a test alert and reads what each channel did, with the reason", async ({
  page,
  baseURL,
}) => {
  const errors = collectErrors(page);
  await signIn(page, baseURL);
  await page.getByRole("link", { name: "Оповещения" }).click();
  await page.getByLabel("Адреса e-mail").fill("duty@example.com\nне-адрес");
  await page.getByRole("button", { name: "Сохранить" }).click();
  // Which address is wrong and why, in Russian: never `emails.1`.
  await expect(
    page.getByText("Адрес для оповещений № 2: это не адрес электронной почты.", { exact: false }),
  ).toBeVisible();
  await page.getByLabel("Адреса e-mail").fill("duty@example.com");
  await page.getByLabel("ID чата в Telegram").fill("-1001234567890");
  await page.getByLabel("Токен бота Telegram").fill(TOKEN);
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status")).toHaveText("Сохранено.");

  await page.getByRole("button", { name: "Отправить проверочное" }).click();
  const result = page.getByTestId("alert-test-result");
  // The e2e server's Bot API is a loopback port nothing listens on: the test says so.
  await expect(result).toContainText("Telegram: не доставлено · Причина: TypeError");
  await expect(result).toContainText(/Почта: duty@example\.com: (в тестовом ящике|не доставлено)/);
  await expect(page.getByRole("heading", { name: "Журнал оповещений" })).toBeVisible();
  expect(
    errors.filter((text) => !text.includes("status of 401") && !text.includes("status of 422")),
  ).toEqual([]);
});

test("the audit log speaks Russian, filters by action and days, and links to the object", async ({
  page,
  baseURL,
}) => {
  await signIn(page, baseURL);
  await page.getByRole("link", { name: "Журнал действий" }).click();
  await expect(page.getByRole("heading", { name: "Журнал действий" })).toBeVisible();
  const rows = page.locator(".rows");
  await expect(rows.getByText("Вход в консоль").first()).toBeVisible();
  await expect(rows.getByText("Настройки оповещений изменены").first()).toBeVisible();
  // No action shown as its English key on the Russian screen.
  expect(await rows.innerText()).not.toMatch(
    /\b(login|login_failed|order\.status|settings\.alerts\.(update|test))\b/,
  );

  await page.getByLabel("Действие").selectOption({ label: "Отправлено проверочное оповещение" });
  await page.getByRole("button", { name: "Показать" }).click();
  await expect(rows.locator("li strong")).toHaveText(["Отправлено проверочное оповещение"]);
  await rows.getByRole("link", { name: "Открыть: Настройки оповещений" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);

  await page.getByRole("link", { name: "Журнал действий" }).click();
  await page.getByLabel("С", { exact: true }).fill("2026-11-20");
  await page.getByLabel("По", { exact: true }).fill("2026-11-10");
  await page.getByRole("button", { name: "Показать" }).click();
  await expect(page.locator("#audit-to-error")).toHaveText(
    "Конец периода раньше его начала: поменяйте даты местами.",
  );
  await page.getByRole("button", { name: "Сбросить" }).click();
  await expect(rows.getByText("Вход в консоль").first()).toBeVisible();
});
