import { notFoundLine } from "./support/not-found-line.ts";
import { closedPort, type RunningObmen, startObmen } from "./support/obmen-server.ts";
import { expect, type Page, test } from "./support/test.ts";

// Spec §2/§8: unknown routes and invalid parameters are a 404 page; fatal errors show the same
// screen (title, large status, description, button home, three lines). Texts are written out.
const NOT_FOUND = [
  {
    path: "/no/such/page",
    lang: "ru",
    title: "Страница не найдена",
    button: "На главную",
    home: "/",
    lines: [
      "Проверьте, нет ли опечатки в адресе.",
      "Если вы пришли по ссылке, возможно, она устарела.",
      "А обменять валюту можно прямо с главной страницы.",
    ],
  },
  {
    path: "/en/no/such/page",
    lang: "en",
    title: "Page not found",
    button: "Back to home",
    home: "/en",
    lines: [
      "Check the address for typos.",
      "If you followed a link, it may be out of date.",
      "You can start an exchange right from the home page.",
    ],
  },
  {
    path: "/uk/no/such/page",
    lang: "uk",
    title: "Сторінку не знайдено",
    button: "На головну",
    home: "/uk",
    lines: [
      "Перевірте, чи немає помилки в адресі.",
      "Якщо ви перейшли за посиланням, можливо, воно застаріло.",
      "А обміняти валюту можна просто з головної сторінки.",
    ],
  },
] as const;

async function expectErrorScreen(
  page: Page,
  screen: { title: string; status: string; button: string; home: string; lines: readonly string[] },
) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(screen.title);
  await expect(main.getByText(screen.status, { exact: true })).toBeVisible();
  await expect(main.getByRole("link", { name: screen.button, exact: true })).toHaveAttribute(
    "href",
    screen.home,
  );
  await expect(main.getByRole("listitem")).toHaveText([...screen.lines]);
  // Error pages are not for search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
}

for (const screen of NOT_FOUND) {
  test(`an unknown route is a 404 page (${screen.lang})`, async ({ page }) => {
    const response = await page.goto(screen.path);
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", screen.lang);
    await expect(page).toHaveTitle(`${screen.title} — Obmen`);
    await expectErrorScreen(page, { ...screen, status: "404" });
    await expect(page.getByText(notFoundLine(screen.path))).toBeVisible();
  });
}

test("invalid route parameters are a 404 with the path in the message", async ({ page }) => {
  for (const path of [
    "/order/not-an-order-id",
    "/en/exchange/NOPE/NOTHING",
    "/uk/news/Not_A_Slug",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText(notFoundLine(path)), path).toBeVisible();
  }
});

test.describe("a fatal error (the API is down)", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningObmen;
  const ORDER = "/en/order/3f2a1c9e-4b7d-4e21-9a0c-5d8e6f1b2a3c";
  const UNEXPECTED = {
    title: "Something went wrong",
    status: "500",
    button: "Back to home",
    home: "/en",
    lines: NOT_FOUND[1].lines,
  };

  test.beforeAll(async () => {
    // The web tier calls the API over HTTP at a port nothing listens on: every call fails.
    server = await startObmen({
      port: 3126,
      env: { API_URL: `http://127.0.0.1:${await closedPort()}` },
    });
  });
  test.afterAll(async () => server?.stop());

  test("a page that needs the API shows the error page with status 500", async ({ page }) => {
    const response = await page.goto(server.url + ORDER);
    expect(response?.status()).toBe(500);
    await expect(page).toHaveTitle("Something went wrong — Obmen");
    await expectErrorScreen(page, UNEXPECTED);
    await expect(page.getByRole("main")).toContainText(
      "We're on it. Please try reloading the page in a minute.",
    );
    // Nothing of the failure's internals reaches the visitor.
    const text = await page.getByRole("main").textContent();
    expect(text).not.toMatch(/ECONNREFUSED|ApiCallError|UNAVAILABLE|at \S+ \(/);
    // The header stays, so the visitor can move on.
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("the same failure during a client-side navigation shows the error page", async ({
    page,
  }) => {
    await page.goto(`${server.url}/en/order`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("textbox").fill(ORDER.split("/").at(-1) as string);
    await page.getByRole("textbox").press("Enter");
    // The lookup asks the API whether the order exists before moving to its page (an unknown
    // number is answered on the lookup page), so the failure surfaces on the lookup's address.
    await expect(page).toHaveURL(`${server.url}/en/order?id=${ORDER.split("/").at(-1)}`);
    await expectErrorScreen(page, UNEXPECTED);
  });

  test("pages that do not need the API still work", async ({ page }) => {
    const response = await page.goto(`${server.url}/en/order`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Something went wrong");
  });
});
