import { expect, type Page, test } from "./support/test.ts";

// Issue 14: an operator fixes a pay system's names or icon in the console's catalogue screen;
// a refusal shows under its input. Texts are written out, not read from the catalog.

// As playwright.config.ts gives the e2e server.
const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };

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
  await signIn(page, baseURL);
  await page.getByRole("link", { name: "Каталог" }).click();
  await page.getByRole("button", { name: "Добавить" }).click();
  const form = page.locator("form").filter({ hasText: "Изменить платёжную систему" });
  await form.getByLabel("Платёжная система").selectOption({ label: "Sberbank" });
  const name = form.getByLabel("Название", { exact: true });
  await expect(name).toHaveValue("Sberbank");

  await name.fill("");
  await form.getByRole("button", { name: "Сохранить" }).click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator(".field__error")).toHaveCount(1);

  await name.fill("Sberbank");
  await form.getByLabel("Название по-украински (пусто — как выше)").fill("Ощадбанк");
  await form.getByLabel("Путь к иконке (/icons/name.svg)").fill("/icons/sber-new.svg");
  await form.getByRole("button", { name: "Сохранить" }).click();
  await expect(form.getByRole("status")).toContainText("Сохранено.");
  await expect(form.locator(".field__error")).toHaveCount(0);

  const saved = await page.request.get(consoleUrl(baseURL, "/admin/api/pay-systems"));
  const items: { name: string; name_uk: string | null; icon: string }[] = (await saved.json()).data
    .items;
  expect(items.find((item) => item.name === "Sberbank")).toMatchObject({
    name_uk: "Ощадбанк",
    icon: "/icons/sber-new.svg",
  });
});
