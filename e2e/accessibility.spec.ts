import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "./support/test.ts";

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

// DESIGN.md front-end rules: axe-core finds no serious or critical violation.
for (const path of [
  "/",
  "/en",
  "/uk/no/such/page",
  "/exchange/USDTTRC20/SBERRUB",
  "/en/order?id=nonsense",
]) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("no serious accessibility violations on an order awaiting payment", async ({ page }) => {
  await page.goto("/uk/exchange/USDTTRC20/SBERRUB");
  await page.waitForLoadState("networkidle");
  await page.locator("#send_amount").fill("100");
  await page.locator("#field-receive_card_number").fill("4111 1111 1111 1111");
  await page.locator("#field-receive_full_name").fill("Ivan Petrov");
  await page.locator("#email").fill("axe@example.com");
  await page.locator("#agreement").check();
  await page.locator("button[type=submit]").click();
  await expect(page).toHaveURL(/\/uk\/order\/[0-9a-f-]{36}$/);
  await expect(page.locator(".pay")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
