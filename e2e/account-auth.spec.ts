import {
  AUTH_TEXTS,
  dialog,
  registerAndConfirm,
  uniqueEmail,
  waitForHydration,
} from "./account-helpers.ts";
import { collectErrors } from "./support/console-errors.ts";
import { expect, test } from "./support/test.ts";

// The auth modals and their forms (issue 13, spec §2, §4, §8): errors in place, one modal at a
// time, forms that work without JavaScript, the session cookie's flags, and form posts from
// another site refused.

const PASSWORD = "a long enough passphrase";

test.describe("with JavaScript", () => {
  test("a wrong password is told in the modal, beside the field, in the page's language", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    for (const [lang, prefix] of [
      ["ru", ""],
      ["en", "/en"],
      ["uk", "/uk"],
    ] as const) {
      const texts = AUTH_TEXTS[lang];
      await page.goto(`${prefix || "/"}`);
      await waitForHydration(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.locator(".account-entry--bar").getByRole("link", { name: texts.login }).click();
      const modal = dialog(page);
      await expect(modal.getByRole("heading", { name: texts.loginTitle })).toBeVisible();
      const url = page.url();
      await modal.getByLabel(texts.email).fill("nobody@example.com");
      await modal.getByLabel(texts.password).fill("not the password at all");
      await modal.getByRole("button", { name: texts.loginSubmit }).click();
      const password = modal.getByLabel(texts.password);
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(modal.locator(".auth-form__error")).toHaveText(texts.wrongCredentials);
      // No reload, no navigation: the modal and the page stay as they were.
      expect(page.url()).toBe(url);
    }
    expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
  });

  test("the modals are mutually exclusive, and register shows the password rules", async ({
    page,
  }) => {
    await page.goto("/?modal=login");
    await waitForHydration(page);
    await dialog(page).getByRole("link", { name: "Забыли пароль?" }).click();
    await expect(page).toHaveURL(/modal=reset/);
    await expect(
      dialog(page).getByRole("heading", { name: "Восстановление пароля" }),
    ).toBeVisible();
    await expect(page.locator("dialog")).toHaveCount(1);
    await dialog(page).getByRole("link", { name: /Войти/ }).click();
    await dialog(page)
      .getByRole("link", { name: /Зарегистрируйтесь/ })
      .click();
    const modal = dialog(page);
    await expect(modal.getByRole("heading", { name: "Регистрация" })).toBeVisible();
    await expect(page.locator("dialog")).toHaveCount(1);
    await expect(modal.getByText(/Не короче 10 символов/)).toBeVisible();
    // The browser's checks before any post: the same words as the server's.
    await modal.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(modal.locator(".auth-form__error")).toHaveText([
      "Введите адрес электронной почты.",
      "Введите пароль.",
      "Чтобы зарегистрироваться, примите правила и соглашение.",
    ]);
    // Esc closes it and takes the parameter out of the address.
    await page.keyboard.press("Escape");
    await expect(page.locator("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
  });

  test("the password reset modal sends a link and says so whatever the address", async ({
    page,
  }) => {
    await page.goto("/en?modal=reset");
    await waitForHydration(page);
    const modal = dialog(page);
    await modal.getByLabel("E-mail").fill("unknown-person@example.com");
    await modal.getByRole("button", { name: "Send the link" }).click();
    await expect(modal.getByRole("status")).toContainText("unknown-person@example.com");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login modal is a form that works: errors in place, then signed in", async ({
    page,
    browser,
  }) => {
    // An account made with JavaScript in its own context.
    const setup = await browser.newContext({ javaScriptEnabled: true });
    const setupPage = await setup.newPage();
    const email = uniqueEmail("nojs");
    await registerAndConfirm(setupPage, {
      prefix: "",
      email,
      password: PASSWORD,
      texts: AUTH_TEXTS.ru,
    });
    await setup.close();

    await page.goto("/uk?modal=login");
    const modal = dialog(page);
    await expect(modal.getByRole("heading", { name: "Вхід" })).toBeVisible();
    await modal.getByLabel("Електронна пошта").fill(email);
    await modal.getByLabel("Пароль").fill("wrong password here");
    await modal.getByRole("button", { name: "Увійти" }).click();
    // The answer is the form again, with the API's words under the field, in Ukrainian.
    await expect(page).toHaveURL(/\/uk\/login$/);
    await expect(page.locator(".auth-form__error")).toHaveText("Неправильний e-mail або пароль.");
    await expect(page.getByLabel("Електронна пошта")).toHaveValue(email);
    await page.getByLabel("Пароль").fill(PASSWORD);
    await page.getByRole("button", { name: "Увійти" }).click();
    // Back to the page the modal was opened on, signed in.
    await expect(page).toHaveURL(/\/uk$/);
    await expect(
      page.locator(".account-menu--bar summary, .account-menu--panel").first(),
    ).toContainText(email);
  });

  test("an account page sends an anonymous visitor to log in, and back afterwards", async ({
    page,
  }) => {
    const response = await page.goto("/en/account/templates");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/en\?modal=login&next=%2Faccount%2Ftemplates$/);
    await expect(page.locator('dialog[open] input[name="next"]')).toHaveValue("/account/templates");
  });
});

test.describe("the session cookie and form posts", () => {
  test("login sets token HttpOnly, SameSite=Lax, and logout clears token and user", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail("cookie");
    await registerAndConfirm(page, { prefix: "", email, password: PASSWORD, texts: AUTH_TEXTS.ru });
    // A post must show it comes from the site, as a browser's does (decision 033).
    const ours = { origin: new URL(baseURL!).origin };
    const login = await request.post("/login", {
      form: { email, password: PASSWORD, next: "/account" },
      headers: ours,
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    expect(login.headers().location).toBe("/account");
    const setCookie = login
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie");
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]?.value).toMatch(
      /^token=[a-z0-9]{32}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const logout = await request.post("/logout", { form: {}, headers: ours, maxRedirects: 0 });
    expect(logout.status()).toBe(302);
    const cleared = logout
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie")
      .map((header) => header.value);
    expect(cleared).toEqual([
      "user=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
      "token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    ]);
    // The session ended on the server too: the old token opens nothing.
    const token = /^token=([a-z0-9]+)/.exec(setCookie[0]?.value ?? "")?.[1];
    const account = await request.get("/account", {
      headers: { cookie: `token=${token}` },
      maxRedirects: 0,
    });
    expect(account.status()).toBe(302);
    expect(account.headers().location).toMatch(/modal=login/);
  });

  test("a form posted from another site is refused before any action runs", async ({
    request,
    baseURL,
  }) => {
    const foreign: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { referer: "https://evil.example/page" },
      // Nothing shows where it came from: refused too (decision 033).
      {},
    ];
    for (const headers of foreign) {
      const answer = await request.post("/login", {
        form: { email: "someone@example.com", password: PASSWORD, next: "/" },
        headers,
        maxRedirects: 0,
      });
      expect(answer.status(), JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
      expect(answer.status()).toBeLessThan(500);
      expect(answer.headers()["set-cookie"]).toBeUndefined();
    }
    // Not a form at all: a 415 page in the visitor's language, not a 500.
    const json = await request.post("/uk/register", {
      data: { email: "a@b.cc" },
      headers: { origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(json.status()).toBe(415);
    expect(await json.text()).toContain("Тут ми приймаємо лише форми сайту.");
  });
});
