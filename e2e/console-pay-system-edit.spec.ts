import { AxeBuilder } from "@axe-core/playwright";
import { collectErrors } from "./support/console-errors.ts";
import { expect, type Page, test } from "./support/test.ts";

// Issue 14: an operator fixes a pay system's names or icon in the console's catalogue screen;
// a refusal shows under its input; the icon is picked from the ones the site serves. Texts are
// written out, not read from the catalog.
//
// The suite's specs share one server. This one edits a pay system it made itself, and only
// ever points it at icons the site serves: when it renamed the demo Sberbank and gave it an
// icon file that does not exist, every later catalogue screen (console-screens.spec.ts) showed
// a broken image and failed on its 404.

// As playwright.config.ts gives the e2e server.
const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };
/** Two of the site's own icons (apps/web/public/icons). */
const ICONS = { first: "/icons/kaspi.svg", second: "/icons/monobank.svg" };

/** State-changing console calls must come from APP_URL's origin: localhost (decision 028). */
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

test("a pay system's name is fixed in the console; a refusal shows under its input", async ({
  page,
  baseURL,
}) => {
  // Unique on a server that keeps its data across retries and specs.
  const name = `E2E Bank ${Date.now()}`;
  await signIn(page, baseURL);
  const errors = collectErrors(page);
  const made = await page.request.post(consoleUrl(baseURL, "/admin/api/pay-systems"), {
    data: { name, icon: ICONS.first },
    headers: { origin: new URL(consoleUrl(baseURL)).origin },
  });
  expect(made.status(), await made.text()).toBe(200);

  await page.getByRole("link", { name: "Каталог" }).click();
  await page.getByRole("button", { name: "Добавить" }).click();
  const form = page.locator("form").filter({ hasText: "Изменить платёжную систему" });
  await form.getByLabel("Платёжная система").selectOption({ label: name });
  const nameInput = form.getByLabel("Название", { exact: true });
  await expect(nameInput).toHaveValue(name);
  // The icon is picked from the files the site serves, with a preview of the chosen one.
  const icon = form.getByLabel("Иконка");
  await expect(icon).toHaveValue(ICONS.first);
  await expect(icon.locator("option", { hasText: "monobank" })).toHaveCount(1);
  await expect(form.getByTestId("edit-pay-system-icon-preview")).toHaveAttribute(
    "src",
    ICONS.first,
  );
  const { violations } = await new AxeBuilder({ page }).include("form").analyze();
  expect(
    violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => violation.id),
  ).toEqual([]);

  await nameInput.fill("");
  await form.getByRole("button", { name: "Сохранить" }).click();
  await expect(nameInput).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator(".field__error")).toHaveCount(1);

  await nameInput.fill(name);
  await form.getByLabel("Название по-украински (пусто — как выше)").fill("Тестовий банк");
  await icon.selectOption({ label: "monobank" });
  await expect(form.getByTestId("edit-pay-system-icon-preview")).toHaveAttribute(
    "src",
    ICONS.second,
  );
  await form.getByRole("button", { name: "Сохранить" }).click();
  await expect(form.getByRole("status")).toContainText("Сохранено.");
  await expect(form.locator(".field__error")).toHaveCount(0);

  const saved = await page.request.get(consoleUrl(baseURL, "/admin/api/pay-systems"));
  const items: { name: string; name_uk: string | null; icon: string }[] = (await saved.json()).data
    .items;
  expect(items.find((item) => item.name === name)).toMatchObject({
    name_uk: "Тестовий банк",
    icon: ICONS.second,
  });
  // What the console saved is a file the site serves: no screen shows a broken image.
  expect((await page.request.get(consoleUrl(baseURL, ICONS.second))).status()).toBe(200);
  // The refusal above is the one failed request the browser reports.
  expect(errors.filter((text) => !text.includes("status of 422"))).toEqual([]);
});
