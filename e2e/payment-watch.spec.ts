import { collectErrors } from "./support/console-errors.ts";
import { expect, test } from "./support/test.ts";

// Issue 28: an order paid in a currency the exchange watches on chain. The operator binds LTC
// to its extended public key on the console's currency screen (a broken key refused in place); the customer's page shows the order's
// own address, then "payment seen, 0 of 2", "1 of 2", and the status turning to paid with
// "confirmed on chain", all by the page's own polling, without a reload. The chain is the local
// Esplora of e2e/support/fake-esplora.mjs (playwright.config.ts); texts are written out.

const ADMIN = { email: "console-admin@example.com", password: "Console-e2e-journey-7" };
/** BIP 84's test-vector account key: its addresses are published (apps/api/test/payments). */
const ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
const TRON_ADDRESS = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";
const esplora = process.env.E2E_ESPLORA_URL!;

function consoleUrl(baseURL: string | undefined, path: string): string {
  const url = new URL(path, baseURL);
  url.hostname = "localhost";
  return url.href;
}

test("the order page shows the payment arriving and the status changing without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  // The operator binds LTC to the key on the console's currency screen.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desk = await context.newPage();
  await desk.goto(consoleUrl(baseURL, "/admin"));
  await desk.getByLabel("E-mail").fill(ADMIN.email);
  await desk.getByLabel("Пароль").fill(ADMIN.password);
  await desk.getByRole("button", { name: "Войти" }).click();
  await expect(desk.locator(".top__who")).toContainText(ADMIN.email);
  await desk.goto(consoleUrl(baseURL, "/admin/catalogue"));
  await desk.getByRole("button", { name: /^Валюты/ }).click();
  const form = desk
    .getByRole("listitem", { name: / LTC$/ })
    .getByRole("form", { name: "Подтверждение оплаты" });
  await form.getByLabel("Как подтверждать").selectOption("esplora");
  const key = form.getByLabel("Расширенный публичный ключ (xpub, ypub или zpub)");
  await key.fill(`${ZPUB.slice(0, -1)}x`);
  await form.getByRole("button", { name: "Сохранить" }).click();
  await expect(key).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator('[id$="payment_watch.xpub-error"]')).toContainText(
    "Это не расширенный публичный ключ",
  );
  await key.fill(ZPUB);
  await form.getByLabel("Сколько нужно подтверждений").fill("2");
  await form.getByRole("button", { name: "Сохранить" }).click();
  const shown = form.getByTestId("first-addresses").getByRole("listitem");
  await expect(shown).toHaveCount(3);
  const first_addresses = await shown.allTextContents();
  expect(first_addresses[0]).toMatch(/^ltc1q/);

  const errors = collectErrors(page);
  await page.goto("/exchange/LTC/USDTTRC20");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Сумма, LTC").fill("0.5");
  await page.getByLabel(/Адрес кошелька/).fill(TRON_ADDRESS);
  await page.getByLabel("E-mail").fill("chain-watch@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);

  const address = ((await page.locator(".pay__value--mono").textContent()) ?? "").trim();
  expect(first_addresses).toContain(address);
  // A mark on the window: a reload would wipe it.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const pay = await fetch(`${esplora}/__pay`, {
    method: "POST",
    body: JSON.stringify({ address, txid: "c".repeat(64), satoshis: 50_000_000 }),
  });
  expect(pay.status).toBe(200);
  const seen = page.locator(".paid-seen__state");
  await expect(seen).toHaveText("Платёж получен: 0 подтверждений из 2", { timeout: 40_000 });
  await expect(page.locator(".paid-seen a")).toHaveAttribute(
    "href",
    `https://litecoinspace.org/tx/${"c".repeat(64)}`,
  );
  await expect(page.locator(".order__status .badge")).toHaveText("Ожидает оплаты");

  await fetch(`${esplora}/__mine`, { method: "POST" });
  await expect(seen).toHaveText("Платёж получен: 1 подтверждение из 2", { timeout: 40_000 });
  await fetch(`${esplora}/__mine`, { method: "POST" });
  await expect(seen).toHaveText("Платёж подтверждён в сети", { timeout: 40_000 });
  await expect(page.locator(".order__status .badge")).toHaveText("Проверка оплаты");
  await expect(page.locator(".order__hint")).toHaveText(
    "Платёж пришёл и подтверждён в сети. Дальше заявку возьмёт в работу оператор, от вас больше ничего не требуется.",
  );
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  expect(errors).toEqual([]);

  // The desk sees the transaction and "confirmed on chain" beside the order's status.
  await desk.goto(consoleUrl(baseURL, `/admin/orders/${page.url().split("/").pop()}`));
  await expect(desk.getByTestId("chain-payment")).toContainText("Подтверждено в сети");
  await expect(desk.getByTestId("chain-payment")).toContainText("c".repeat(64));
  await context.close();
});
