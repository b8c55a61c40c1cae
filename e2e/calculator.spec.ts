import { AxeBuilder } from "@axe-core/playwright";
import { collectErrors } from "./support/console-errors.ts";
import { expect, type Page, test } from "./support/test.ts";

// The calculator's select view (spec §2 "select and order"): grouped lists, search, keyboard,
// phones, the receive-first path, and the same links without JavaScript.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.waitForLoadState("networkidle");
}

const names = (page: Page, side: "send" | "receive") =>
  page.locator(`#${side} .select__list .option__name`);

// Banks and wallets carry their name in the reader's language (issue 15, point 8).
for (const { prefix, lang, kinds, bank, wallet } of [
  {
    prefix: "/",
    lang: "ru",
    kinds: ["Криптовалюты", "Банки", "Электронные кошельки"],
    bank: "Сбербанк",
    wallet: "ЮMoney",
  },
  {
    prefix: "/en",
    lang: "en",
    kinds: ["Cryptocurrencies", "Banks", "E-wallets"],
    bank: "Sberbank",
    wallet: "YooMoney",
  },
  {
    prefix: "/uk",
    lang: "uk",
    kinds: ["Криптовалюти", "Банки", "Електронні гаманці"],
    bank: "Сбербанк",
    wallet: "ЮMoney",
  },
]) {
  test(`the lists are grouped by kind in ${lang}`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize(DESKTOP);
    await open(page, prefix);
    await expect(page.locator("#send .select__kind")).toHaveText(kinds);
    await expect(page.locator("#send .select__group").first()).toContainText("Bitcoin");
    await expect(page.locator("#send .select__group").nth(1)).toContainText(bank);
    await expect(page.locator("#send .select__group").nth(2)).toContainText(wallet);
    // Every currency once per list, each with its icon.
    const sendNames = await names(page, "send").allTextContents();
    expect(new Set(sendNames).size).toBe(sendNames.length);
    expect(sendNames.length).toBeGreaterThan(15);
    await expect(page.locator("#send .option img").first()).toHaveAttribute("src", /^\/icons\//);
    expect(errors).toEqual([]);
  });
}

test("the search filters by name, code and network, in any script", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await open(page, "/");
  const search = page.getByLabel("Поиск валюты, которую вы получаете");
  await search.fill("сбер");
  await expect(names(page, "receive")).toHaveText(["Сбербанк"]);
  // A name in Cyrillic is found by its Latin spelling too.
  await search.fill("alfa");
  await expect(names(page, "receive")).toHaveText(["Альфа-Банк"]);
  await search.fill("USDT");
  await expect(names(page, "receive")).toHaveText(["Tether TRC20", "Tether ERC20", "Tether BEP20"]);
  await search.fill("ыиук");
  await expect(names(page, "receive")).toHaveText(["Сбербанк"]);
  await search.fill("zzz");
  await expect(page.getByText("По запросу «zzz» ничего не нашлось")).toBeVisible();
  await search.fill("");
  await expect(names(page, "receive")).not.toHaveCount(1);
  // The other list is untouched.
  await expect(names(page, "send").first()).toHaveText("Tether TRC20");
  expect(errors).toEqual([]);
});

test("the keyboard picks a currency: Enter on a single match, arrows in the list", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await open(page, "/en");
  const sendSearch = page.getByLabel("Search the currencies you send");
  await sendSearch.fill("bitcoin");
  // Enter picks the match once the list has narrowed to it (a state, not a pause).
  await expect(page.locator("#send .select__list a")).toHaveCount(1);
  await sendSearch.press("Enter");
  await expect(page).toHaveURL(/\/en\/BTC$/);
  // The receive list follows the new send currency a render after the address changes: type
  // once it offers BTC's pairs, so that the arrows below walk BTC's list, not the old one.
  await expect(page.locator("#receive").getByRole("link", { name: /Sberbank/ })).toHaveAttribute(
    "href",
    /\/BTC\/SBERRUB$/,
  );

  const receiveSearch = page.getByLabel("Search the currencies you get");
  await receiveSearch.fill("rub");
  // The arrows walk the narrowed list: wait until it is narrowed (a busy box once pressed
  // ArrowDown on the whole list, and Enter picked Tether).
  const receiveItems = page.locator("#receive .select__list a");
  await expect(receiveItems.first()).toHaveAttribute("href", /\/BTC\/SBERRUB$/);
  await receiveSearch.press("ArrowDown");
  await expect(receiveItems.first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(receiveItems.nth(1)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(receiveSearch).toBeFocused();
  await receiveSearch.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/exchange\/BTC\/SBERRUB$/);
});

/**
 * Holds the answer to the next data request for `path` (`/en/BTC.data?…`, a client navigation)
 * until `release()`; `requested` settles once the browser has sent it. A slow line on demand:
 * what the visitor types then lands while the new page loads, with no pause to guess.
 */
async function holdNavigationData(page: Page, path: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pattern = new RegExp(`${path}\\.data\\?`);
  await page.route(
    pattern,
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  const requested = page.waitForRequest(pattern);
  return { requested, release };
}

test("a search typed into the receive list as the send currency changes is kept and filters", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await open(page, "/en");
  const receiveSearch = page.getByLabel("Search the currencies you get");

  /** Chooses `name` to send and types `text` while the page of `code` loads. */
  async function chooseWhileTyping(code: string, name: RegExp, text: string) {
    const load = await holdNavigationData(page, `/en/${code}`);
    await page.locator("#send").getByRole("link", { name }).click();
    await load.requested;
    await receiveSearch.pressSequentially(text);
    load.release();
    await expect(page).toHaveURL(new RegExp(`/en/${code}$`));
    await expect(page.locator("#receive").getByRole("link", { name: /Sberbank/ })).toHaveAttribute(
      "href",
      new RegExp(`/${code}/SBERRUB$`),
    );
    await expect(receiveSearch).toHaveValue(text);
    await expect(receiveSearch).toBeFocused();
  }

  // From home to /en/BTC (another page).
  await chooseWhileTyping("BTC", /Bitcoin/, "rub");
  await expect(names(page, "receive")).toHaveText([
    "Sberbank",
    "T-Bank",
    "SBP",
    "Alfa-Bank",
    "VTB",
    "YooMoney",
  ]);
  // From /en/BTC to /en/ETH (the same page, another send currency).
  await receiveSearch.clear();
  await chooseWhileTyping("ETH", /Ethereum/, "sber");
  await expect(names(page, "receive")).toHaveText(["Sberbank"]);
  expect(errors).toEqual([]);
});

test("choosing what to receive first narrows what can pay for it", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await open(page, "/");
  await page
    .locator("#receive")
    .getByRole("link", { name: /Сбербанк/ })
    .click();
  await expect(page).toHaveURL(/\/\?to=SBERRUB$/);
  await expect(page.locator('#receive a[aria-current="true"]')).toContainText("Сбербанк");
  await expect(names(page, "send")).toHaveText(["Tether TRC20", "Bitcoin", "Ethereum"]);
  await expect(page.locator("#send").getByRole("link", { name: /Bitcoin/ })).toContainText(
    /1\u00a0BTC = \d{1,3}(\u00a0\d{3})*\u00a0RUB/,
  );
  await page
    .locator("#send")
    .getByRole("link", { name: /Bitcoin/ })
    .click();
  await expect(page).toHaveURL(/\/exchange\/BTC\/SBERRUB$/);
});

test("on a phone one list shows at a time; the other opens on request", async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(PHONE);
  await open(page, "/");
  // Nothing chosen: the send list, and a note where the receive list will be.
  await expect(page.getByText("Сначала выберите, что отдаёте")).toBeVisible();
  await expect(page.locator("#receive .select__list").first()).toBeHidden();
  await page.locator("#receive").getByRole("link", { name: "Показать все" }).click();
  await expect(page.locator("#receive .select__list").first()).toBeVisible();

  await page
    .locator("#send")
    .getByRole("link", { name: /Bitcoin/ })
    .click();
  await expect(page).toHaveURL(/\/BTC$/);
  await expect(page.locator("#send .select__list").first()).toBeHidden();
  await expect(page.locator("#send .select__summary")).toContainText("Bitcoin");
  await expect(page.locator("#receive").getByRole("link", { name: /Сбербанк/ })).toBeVisible();
  await page.locator("#send").getByRole("link", { name: "Изменить" }).click();
  await expect(page.locator("#send").getByRole("link", { name: /Ethereum/ })).toBeVisible();
  await page
    .locator("#send")
    .getByRole("link", { name: /Ethereum/ })
    .click();
  await expect(page).toHaveURL(/\/ETH$/);
  await expect(page.locator("#send .select__summary")).toContainText("Ethereum");
  expect(errors).toEqual([]);
});

test("without JavaScript the lists are links and the search is a form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto("/uk");
  await page.getByLabel("Пошук валюти, яку ви віддаєте").fill("bitcoin");
  await page.getByLabel("Пошук валюти, яку ви віддаєте").press("Enter");
  await expect(page).toHaveURL(/\/uk\?send_q=bitcoin$/);
  await expect(names(page, "send")).toHaveText(["Bitcoin"]);
  await page
    .locator("#send")
    .getByRole("link", { name: /Bitcoin/ })
    .click();
  await expect(page).toHaveURL(/\/uk\/BTC$/);
  await page
    .locator("#receive")
    .getByRole("link", { name: /monobank/ })
    .click();
  await expect(page).toHaveURL(/\/uk\/exchange\/BTC\/MONOBUAH$/);
  await expect(page.getByLabel("Сума, BTC")).toBeVisible();
  await context.close();
});

for (const [path, viewport] of [
  ["/BTC", DESKTOP],
  ["/BTC", PHONE],
  ["/en?to=SBERRUB", PHONE],
] as const) {
  test(`no serious accessibility violations on ${path} at ${viewport.width}px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await open(page, path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test("the pair list loads once on start, not on every navigation (spec §2)", async ({ page }) => {
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data")) dataRequests.push(url.searchParams.get("_routes") ?? "");
  });
  await page.setViewportSize(DESKTOP);
  await open(page, "/en");
  await page
    .locator("#send")
    .getByRole("link", { name: /Bitcoin/ })
    .click();
  await expect(page).toHaveURL(/\/en\/BTC$/);
  // Clicked once the receive list offers BTC's pairs (it follows the address a render later).
  const sberbank = page.locator("#receive").getByRole("link", { name: /Sberbank/ });
  await expect(sberbank).toHaveAttribute("href", /\/BTC\/SBERRUB$/);
  await sberbank.click();
  await expect(page).toHaveURL(/\/en\/exchange\/BTC\/SBERRUB$/);
  await page.getByRole("link", { name: "Choose another pair" }).click();
  await expect(page).toHaveURL(/\/en\/BTC$/);
  // Each navigation asked only for its own page's data; the layout's list came with the HTML.
  expect(dataRequests).toEqual(["en/pair-shortcut", "en/exchange", "en/pair-shortcut"]);
});
