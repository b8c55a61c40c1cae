import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "./support/test.ts";

// The alert settings screen (decision 038 "Alerts"): an admin sets where operator alerts go,
// the bot token comes back only as its mask, and a bad chat id is shown under its input.
// Texts are written out, not read from the catalog.

const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };
const TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";

function consoleUrl(baseURL: string | undefined, path = "/admin"): string {
  const url = new URL(path, baseURL);
  url.hostname = "localhost";
  return url.href;
}

test("an admin sets where alerts go; the bot token is shown only masked", async ({
  page,
  baseURL,
}) => {
  await page.goto(consoleUrl(baseURL));
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Пароль").fill(ADMIN.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await page.getByRole("link", { name: "Оповещения" }).click();
  await expect(page.getByRole("heading", { name: "Оповещения" })).toBeVisible();

  await page.getByLabel("Адреса e-mail").fill("duty@example.com\nboss@example.com");
  await page.getByLabel("ID чата в Telegram").fill("chat one");
  await page.getByLabel("Токен бота Telegram").fill(TOKEN);
  await page.getByRole("button", { name: "Сохранить" }).click();
  // The API's refusal is shown under the chat id; nothing was saved.
  await expect(page.locator("#alert-chat").locator("..").getByRole("alert")).toBeVisible();

  await page.getByLabel("ID чата в Telegram").fill("-1001234567890");
  await page.getByLabel("низком резерве").uncheck();
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status")).toHaveText("Сохранено.");
  await expect(page.getByText("Токен задан (123456789:…Dsaw)")).toBeVisible();
  await expect(page.getByLabel("Токен бота Telegram")).toHaveValue("");

  await page.reload();
  await expect(page.getByLabel("Адреса e-mail")).toHaveValue("duty@example.com\nboss@example.com");
  await expect(page.getByLabel("ID чата в Telegram")).toHaveValue("-1001234567890");
  await expect(page.getByLabel("низком резерве")).not.toBeChecked();
  await expect(page.getByLabel("новых заявках")).toBeChecked();
  expect(await page.content()).not.toContain("AAHdqTcv");
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    ),
  ).toEqual([]);
});
