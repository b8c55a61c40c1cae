import { collectErrors } from "./support/console-errors.ts";
import { expect, type Page, test } from "./support/test.ts";

// The order lookup (issue 15, point 6): a number or a pasted link to an order opens it; an
// unknown number is answered on the lookup page itself, in the visitor's language.

const UNKNOWN = "3f2a1c9e-4b7d-4e21-9a0c-5d8e6f1b2a3c";

const LOCALES = [
  {
    prefix: "",
    title: "Проверить статус заявки",
    label: "Номер заявки или ссылка на неё",
    submit: "Найти заявку",
    notFound: "Заявки с таким номером нет.",
    invalid: "Номер заявки выглядит так",
  },
  {
    prefix: "/uk",
    title: "Перевірити статус заявки",
    label: "Номер заявки або посилання на неї",
    submit: "Знайти заявку",
    notFound: "Заявки з таким номером немає.",
    invalid: "Номер заявки має такий вигляд",
  },
  {
    prefix: "/en",
    title: "Check an order's status",
    label: "Order number or link",
    submit: "Find order",
    notFound: "There is no order with this number.",
    invalid: "An order number looks like",
  },
] as const;

async function lookUp(page: Page, locale: (typeof LOCALES)[number], input: string) {
  await page.getByLabel(locale.label).fill(input);
  await page.getByRole("button", { name: locale.submit }).click();
}

/** An order made through the exchange page; returns its number. */
async function createOrder(page: Page): Promise<string> {
  await page.goto("/exchange/USDTTRC20/SBERRUB");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Сумма, USDT").fill("100");
  await page.getByLabel("Номер карты для получения").fill("4111 1111 1111 1111");
  await page.getByLabel("ФИО получателя").fill("Ivan Petrov");
  await page.getByLabel("E-mail").fill("lookup@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

for (const locale of LOCALES) {
  test(`an unknown order is answered on the lookup page (${locale.prefix || "ru"})`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto(`${locale.prefix}/order`);
    await page.waitForLoadState("networkidle");
    await lookUp(page, locale, `https://obmen.example${locale.prefix}/order/${UNKNOWN}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(locale.title);
    await expect(page.getByRole("alert")).toContainText(locale.notFound);
    await expect(page.getByLabel(locale.label)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(locale.label)).toHaveValue(
      `https://obmen.example${locale.prefix}/order/${UNKNOWN}/`,
    );
    await lookUp(page, locale, "nonsense");
    await expect(page.getByRole("alert")).toContainText(locale.invalid);
    // The client-side answer to an unknown order arrives with its 404 status.
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);

    // The same answer as a page of its own (no JavaScript needed), with status 404.
    const response = await page.goto(`${locale.prefix}/order?id=${UNKNOWN}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(locale.title);
    await expect(page.getByRole("alert")).toContainText(locale.notFound);
  });
}

test("a pasted link to an order, from any host and in any language, opens it", async ({
  page,
  browser,
}) => {
  const id = await createOrder(page);
  const [ru, uk] = LOCALES;
  await page.goto("/uk/order");
  await page.waitForLoadState("networkidle");
  await lookUp(page, uk, `  https://elsewhere.example/EN/order/${id.toUpperCase()}/?utm=mail#pay `);
  await expect(page).toHaveURL(new RegExp(`/uk/order/${id}$`));

  await page.goto("/order");
  await page.waitForLoadState("networkidle");
  await lookUp(page, ru, id);
  await expect(page).toHaveURL(new RegExp(`^[^?]*/order/${id}$`));

  // The form is a plain GET: without JavaScript the server does the same.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const plain = await context.newPage();
    await plain.goto("/order");
    await lookUp(plain, ru, `localhost:3000/uk/order/${id}?receipt=sent`);
    await expect(plain).toHaveURL(new RegExp(`^[^?]*/order/${id}$`));
    await expect(plain.locator(".order__number code")).toHaveText(id);
  } finally {
    await context.close();
  }
});
