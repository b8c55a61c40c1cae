import { TOTP } from "otpauth";
import {
  AUTH_TEXTS,
  dialog,
  registerAndConfirm,
  uniqueEmail,
  waitForHydration,
} from "./account-helpers.ts";
import { expect, test } from "./support/test.ts";

// The second factor from the user's side (issue 13, decision 026): switched on in the profile
// with a code from the app, then asked for by the login modal after the right password.

const PASSWORD = "a long two factor passphrase";

test("two-factor authentication: on in the profile, asked for at login", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail("totp");
  await registerAndConfirm(page, { prefix: "", email, password: PASSWORD, texts: AUTH_TEXTS.ru });

  await page.goto("/account/profile");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Включить" }).click();
  await expect(
    page.getByRole("img", { name: "QR-код для приложения-аутентификатора" }),
  ).toBeVisible();
  const secret = (await page.locator('input[name="secret"]').inputValue()).trim();
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  const firstCode = totp.generate();
  await page.getByLabel("Код из приложения-аутентификатора").fill(firstCode);
  await page.getByRole("button", { name: "Подтвердить и включить" }).click();
  await expect(page.getByRole("status")).toHaveText("Двухфакторная аутентификация включена.");
  await expect(page.getByRole("button", { name: "Выключить" })).toBeVisible();

  // Log out, then in: the password alone is not enough.
  await page.locator(".account-menu--bar summary").click();
  await page.getByRole("button", { name: "Выйти" }).first().click();
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const modal = dialog(page);
  await modal.getByLabel("Электронная почта").fill(email);
  await modal.getByLabel("Пароль").fill(PASSWORD);
  await modal.getByRole("button", { name: "Войти" }).click();
  const codeInput = modal.getByLabel("Код из приложения-аутентификатора");
  await expect(codeInput).toBeVisible();
  // Each code works once: wait for the app's next code rather than reuse the one just spent.
  await expect
    .poll(() => totp.generate(), { timeout: 35_000, intervals: [1_000] })
    .not.toBe(firstCode);
  await codeInput.fill(totp.generate());
  await modal.getByLabel("Пароль").fill(PASSWORD);
  await modal.getByRole("button", { name: "Войти" }).click();
  await expect(page.locator(".account-menu--bar summary")).toContainText(email.slice(0, 10));
});
