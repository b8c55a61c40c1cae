import { type APIRequestContext, expect, type Page } from "@playwright/test";

/**
 * Shared steps of the account browser tests (issue 13). The e2e server has no SMTP, so its
 * letters wait in the dev mailbox (`/dev/mailbox`, decision 005): a test reads the newest
 * letter to its own address there and follows the link in its text, as a person would.
 */

/** A fresh address per test run, so parallel tests and reruns never share an account. */
export function uniqueEmail(tag: string): string {
  return `acct-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The path of the newest link of this kind (`/confirm/…`, `/uk/restore/…`) mailed to `to`. */
export async function linkFromMailbox(
  request: APIRequestContext,
  to: string,
  kind: "confirm" | "restore" | "confirm-login",
): Promise<string> {
  let path: string | null = null;
  await expect
    .poll(
      async () => {
        const list = await (await request.get("/dev/mailbox")).text();
        // Rows are newest first: the first row with our address is the newest letter.
        const row = list
          .split("<tr>")
          .find((cell) => cell.includes(`<td>${to}</td>`) && cell.includes("account_"));
        const id = row ? /\/dev\/mailbox\/(\d+)/.exec(row)?.[1] : undefined;
        if (!id) return null;
        const text = await (await request.get(`/dev/mailbox/${id}/text`)).text();
        const url = new RegExp(`https?://[^\\s]+?(/(?:en/|uk/)?${kind}/[A-Za-z0-9_-]+)`).exec(text);
        path = url?.[1] ?? null;
        return path;
      },
      { message: `a ${kind} letter to ${to}`, timeout: 20_000 },
    )
    .not.toBeNull();
  return path as unknown as string;
}

/** The open modal dialog (after hydration it is truly modal: showModal()). */
export function dialog(page: Page) {
  return page.locator("dialog[open]");
}

/** Waits until the page has hydrated, so clicks run the app's handlers, not plain HTML. */
export async function waitForHydration(page: Page) {
  await page.waitForLoadState("networkidle");
}

/** Registers through the modal and confirms from the mailbox; ends signed in, on home. */
export async function registerAndConfirm(
  page: Page,
  options: { prefix: string; email: string; password: string; texts: AuthTexts },
) {
  const { prefix, email, password, texts } = options;
  await page.goto(`${prefix || "/"}?modal=register`);
  await waitForHydration(page);
  const modal = dialog(page);
  await expect(modal.getByRole("heading", { name: texts.registerTitle })).toBeVisible();
  await modal.getByLabel(texts.email).fill(email);
  await modal.getByLabel(texts.password, { exact: true }).fill(password);
  await modal.getByRole("checkbox").check();
  await modal.getByRole("button", { name: texts.registerSubmit }).click();
  await expect(modal.getByRole("status")).toContainText(email);

  const link = await linkFromMailbox(page.request, email, "confirm");
  expect(link.startsWith(`${prefix}/confirm/`)).toBe(true);
  // Home with `?confirm_token=1`: the registerComplete modal confirms at once (the address
  // may already have lost the parameter by the time it is read), says so, and signs in.
  const landed = await page.goto(link);
  expect(landed?.url()).toMatch(/confirm_token=1$/);
  await expect(page.getByText(texts.confirmed).first()).toBeVisible();
  await expect(page).not.toHaveURL(/confirm_token/);
}

/** The words a test looks for, per language: written out, so a missing translation fails. */
export interface AuthTexts {
  email: string;
  password: string;
  login: string;
  loginTitle: string;
  loginSubmit: string;
  registerTitle: string;
  registerSubmit: string;
  confirmed: string;
  wrongCredentials: string;
}

export const AUTH_TEXTS: Record<"ru" | "en" | "uk", AuthTexts> = {
  ru: {
    email: "Электронная почта",
    password: "Пароль",
    login: "Войти",
    loginTitle: "Вход",
    loginSubmit: "Войти",
    registerTitle: "Регистрация",
    registerSubmit: "Зарегистрироваться",
    confirmed: "Почта подтверждена",
    wrongCredentials: "Неверный e-mail или пароль.",
  },
  en: {
    email: "E-mail",
    password: "Password",
    login: "Log in",
    loginTitle: "Log in",
    loginSubmit: "Log in",
    registerTitle: "Sign up",
    registerSubmit: "Create account",
    confirmed: "confirmed",
    wrongCredentials: "Wrong e-mail or password.",
  },
  uk: {
    email: "Електронна пошта",
    password: "Пароль",
    login: "Увійти",
    loginTitle: "Вхід",
    loginSubmit: "Увійти",
    registerTitle: "Реєстрація",
    registerSubmit: "Зареєструватися",
    confirmed: "Пошту підтверджено",
    wrongCredentials: "Неправильний e-mail або пароль.",
  },
};
