import { expect, type Page, test } from "./support/test.ts";

// Issue 15: on a 360 px phone no page of the visitor's journey may scroll sideways, in any
// language. A page wider than the screen cuts text (the order status, "RUB" on the reserve
// page) and lets the whole page wobble under the thumb.
const PHONE = { width: 360, height: 740 };
const PREFIXES = ["", "/en", "/uk"] as const;
const PAGES = ["/", "/exchange/USDTTRC20/SBERRUB", "/order", "/reserve", "/faq", "/news", "/about"];

/** A new order for 100 USDT → Sberbank RUB, made through the exchange page; its id. */
async function createOrder(page: Page): Promise<string> {
  await page.goto("/exchange/USDTTRC20/SBERRUB");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Сумма, USDT").fill("100");
  await page.getByLabel("Номер карты для получения").fill("4111 1111 1111 1111");
  await page.getByLabel("ФИО получателя").fill("Ivan Petrov");
  await page.getByLabel("E-mail").fill("layout@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Создать заявку" }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split("/").at(-1) as string;
}

/** How far the page reaches past the screen's right edge, once it has settled. */
async function sidewaysOverflow(page: Page, path: string): Promise<number> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState("networkidle");
  // Fonts change widths: measure once they are in.
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Boxes in the page's main column that reach past its right padding: a table or card that
 * sticks out cuts its last characters even when the page as a whole does not scroll yet.
 * Contents of a scroll container (one that scrolls on purpose) are its own business.
 */
function boxesPastTheColumn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector("main") as HTMLElement;
    const edge =
      main.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(main).paddingRight);
    const scrolls = (element: Element | null): boolean =>
      element !== null &&
      element !== main &&
      (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(element).overflowX) ||
        scrolls(element.parentElement));
    return [...main.querySelectorAll("*")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > edge + 0.5 && !scrolls(element.parentElement);
      })
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className}"> ends at ${Math.round(element.getBoundingClientRect().right)} px, the column at ${Math.round(edge)} px`,
      );
  });
}

test("no page of the journey scrolls sideways at 360 px, in ru, en and uk", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const orderId = await createOrder(page);
  const overflowing: string[] = [];
  for (const prefix of PREFIXES) {
    for (const path of [...PAGES, `/order/${orderId}`]) {
      const url = `${prefix}${path === "/" && prefix ? "" : path}`;
      const overflow = await sidewaysOverflow(page, url);
      if (overflow > 0) overflowing.push(`${url}: ${overflow} px too wide`);
      for (const box of await boxesPastTheColumn(page)) overflowing.push(`${url}: ${box}`);
    }
  }
  expect(overflowing).toEqual([]);
});
