import {
  AUTH_TEXTS,
  dialog,
  registerAndConfirm,
  uniqueEmail,
  waitForHydration,
} from "./account-helpers.ts";
import { collectErrors } from "./support/console-errors.ts";
import { expect, type Page, test } from "./support/test.ts";

// A registered user's journey (issue 13): register → confirm from the mailbox → account pages →
// a wallet and a template → an order prefilled from them → the order in the history → a new
// password → logout → back in with the new password. Russian and Ukrainian, phone and desktop.
const LOCALES = [
  {
    lang: "ru" as const,
    prefix: "",
    history: "История заявок",
    wallets: "Кошельки",
    templates: "Шаблоны",
    profile: "Профиль",
    logout: "Выйти",
    menu: "Меню",
    walletCurrency: "Валюта",
    walletValue: "Номер кошелька, карты или адрес",
    walletName: "Название (необязательно)",
    walletSubmit: "Сохранить кошелёк",
    walletSaved: "Кошелёк сохранён.",
    walletBad: "Неверный номер карты",
    direction: "Направление обмена",
    amount: "Сумма к отправке",
    templateSubmit: "Сохранить шаблон",
    templateSaved: "Шаблон сохранён.",
    sendLabel: "Сумма, USDT",
    pick: "Подставить сохранённый кошелёк",
    nameLabel: "ФИО получателя",
    cardLabel: "Номер карты для получения",
    submitOrder: "Создать заявку",
    newStatus: "Ожидает оплаты",
    oldPassword: "Текущий пароль",
    newPassword: "Новый пароль",
    newPasswordAgain: "Новый пароль ещё раз",
    changePassword: "Сменить пароль",
    passwordChanged: "Пароль изменён.",
    sessions: "Активные сеансы",
    thisSession: "этот сеанс",
  },
  {
    lang: "uk" as const,
    prefix: "/uk",
    history: "Історія заявок",
    wallets: "Гаманці",
    templates: "Шаблони",
    profile: "Профіль",
    logout: "Вийти",
    menu: "Меню",
    walletCurrency: "Валюта",
    walletValue: "Номер гаманця, картки або адреса",
    walletName: "Назва (необов’язково)",
    walletSubmit: "Зберегти гаманець",
    walletSaved: "Гаманець збережено.",
    walletBad: "Неправильний номер картки",
    direction: "Напрямок обміну",
    amount: "Сума до відправлення",
    templateSubmit: "Зберегти шаблон",
    templateSaved: "Шаблон збережено.",
    sendLabel: "Сума, USDT",
    pick: "Підставити збережений гаманець",
    nameLabel: "ПІБ отримувача",
    cardLabel: "Номер картки для отримання",
    submitOrder: "Створити заявку",
    newStatus: "Очікує оплати",
    oldPassword: "Поточний пароль",
    newPassword: "Новий пароль",
    newPasswordAgain: "Новий пароль ще раз",
    changePassword: "Змінити пароль",
    passwordChanged: "Пароль змінено.",
    sessions: "Активні сеанси",
    thisSession: "цей сеанс",
  },
];

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

const CARD = "4111 1111 1111 1111";

/** Opens an account page from the account's own tabs (the same on every screen size). */
async function openTab(page: Page, name: string) {
  await page
    .getByRole("navigation", { name: /кабінет|кабинет|account/i })
    .getByRole("link", { name })
    .click();
  await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
}

/** The header's account menu: a drop-down on a desktop, part of the "Menu" panel on a phone. */
async function openAccountMenu(page: Page, phone: boolean, locale: (typeof LOCALES)[number]) {
  if (phone) await page.getByText(locale.menu, { exact: true }).click();
  else await page.locator(".account-menu--bar summary").click();
}

for (const locale of LOCALES) {
  for (const viewport of VIEWPORTS) {
    test(`account journey in ${locale.lang} on a ${viewport.name}`, async ({ page }) => {
      test.setTimeout(120_000);
      const errors = collectErrors(page);
      const texts = AUTH_TEXTS[locale.lang];
      const phone = viewport.name === "phone";
      await page.setViewportSize(viewport);
      const email = uniqueEmail(`${locale.lang}-${viewport.name}`);
      const password = "a long first passphrase";
      const newPassword = "another longer passphrase";

      await registerAndConfirm(page, { prefix: locale.prefix, email, password, texts });
      await openAccountMenu(page, phone, locale);
      await page.getByRole("link", { name: locale.history }).first().click();
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/account$`));
      await expect(page.locator(".account__email")).toHaveText(email);

      // A wallet: a wrong card number is refused in place, a right one is listed.
      await openTab(page, locale.wallets);
      await page.getByLabel(locale.walletCurrency).selectOption({ label: "Сбербанк RUB" });
      await page.getByLabel(locale.walletValue).fill("1234");
      await page.getByRole("button", { name: locale.walletSubmit }).click();
      await expect(page.locator(".field__error")).toContainText(locale.walletBad);
      await page.getByLabel(locale.walletValue).fill(CARD);
      await page.getByLabel(locale.walletName).fill("Sber card");
      await page.getByRole("button", { name: locale.walletSubmit }).click();
      await expect(page.getByRole("status")).toHaveText(locale.walletSaved);
      await expect(page.locator(".account-item")).toContainText(["Sber card"]);

      // A template: this direction starts at 150 USDT from now on.
      await openTab(page, locale.templates);
      await page.getByLabel(locale.direction).selectOption({ value: await directionValue(page) });
      await page.getByLabel(locale.amount).fill("150");
      await page.getByRole("button", { name: locale.templateSubmit }).click();
      await expect(page.getByRole("status")).toHaveText(locale.templateSaved);

      // The order: the amount from the template, the card from the wallet picker, the e-mail
      // from the account.
      await page.goto(`${locale.prefix}/exchange/USDTTRC20/SBERRUB`);
      await waitForHydration(page);
      await expect(page.getByLabel(locale.sendLabel)).toHaveValue("150");
      await expect(page.getByLabel("E-mail")).toHaveValue(email);
      const picker = page.getByLabel(locale.pick);
      const saved = picker.locator("option", { hasText: "Sber card" });
      await picker.selectOption({ value: (await saved.getAttribute("value")) as string });
      // Saved as the API normalised it (the digits of the card).
      await expect(page.getByLabel(locale.cardLabel)).toHaveValue(/^4111\s?1111\s?1111\s?1111$/);
      await page.getByLabel(locale.nameLabel).fill("Ivan Petrov");
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: locale.submitOrder }).click();
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/order/[A-Za-z0-9_-]+$`));
      const orderPath = new URL(page.url()).pathname;

      // The history lists it, linking to its page.
      await page.goto(`${locale.prefix}/account`);
      const row = page.locator(".account-item").first();
      await expect(row).toContainText(locale.newStatus);
      await expect(row.getByRole("link")).toHaveAttribute("href", orderPath);

      // A new password; this session stays.
      await openTab(page, locale.profile);
      await expect(page.getByRole("heading", { name: locale.sessions })).toBeVisible();
      await expect(page.getByText(locale.thisSession, { exact: false })).toBeVisible();
      await page.getByLabel(locale.oldPassword).fill(password);
      await page.getByLabel(locale.newPassword, { exact: true }).fill(newPassword);
      await page.getByLabel(locale.newPasswordAgain).fill(newPassword);
      await page.getByRole("button", { name: locale.changePassword }).click();
      await expect(page.getByRole("status")).toContainText(locale.passwordChanged);

      // Logout from the header: the account is gone from the header and the pages.
      await openAccountMenu(page, phone, locale);
      await page.getByRole("button", { name: locale.logout }).first().click();
      await expect(page).toHaveURL(new RegExp(`${locale.prefix || ""}/?$`));
      await page.goto(`${locale.prefix}/account/wallets`);
      await expect(page).toHaveURL(/modal=login&next=%2Faccount%2Fwallets/);

      // Back in with the new password, and back where the visitor was going.
      await waitForHydration(page);
      const modal = dialog(page);
      await expect(modal.getByRole("heading", { name: texts.loginTitle })).toBeVisible();
      await modal.getByLabel(texts.email).fill(email);
      await modal.getByLabel(texts.password).fill(newPassword);
      await modal.getByRole("button", { name: texts.loginSubmit }).click();
      await expect(page).toHaveURL(new RegExp(`${locale.prefix}/account/wallets$`));
      await expect(page.locator(".account-item")).toContainText(["Sber card"]);
      // The refused card was a 422 answer to the form: the browser logs it, nothing else may.
      expect(errors.filter((error) => !/status of 422/.test(error))).toEqual([]);
    });
  }
}

/** The select's value of the USDT TRC20 → Sberbank direction (currency ids are the seed's). */
async function directionValue(page: Page): Promise<string> {
  const option = page.locator("#template-direction option", {
    hasText: /Tether TRC20.*→ Сбербанк/,
  });
  const value = await option.first().getAttribute("value");
  expect(value).toMatch(/^\d+:\d+$/);
  return value as string;
}
