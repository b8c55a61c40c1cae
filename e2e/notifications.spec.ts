import { expect, test } from "./support/test.ts";

// Notifications sit at the top right (spec §2) but never over the header's controls: the
// "copied" toast used to cover the language switch (issue 15, point 8).

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

test("the 'copied' toast leaves the header's controls free", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/uk/exchange/USDTTRC20/SBERRUB");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Сума, USDT").fill("100");
  await page.getByLabel("Номер картки для отримання").fill("4111 1111 1111 1111");
  await page.getByLabel("ПІБ отримувача").fill("Ivan Petrov");
  await page.getByLabel("E-mail").fill("toast@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Створити заявку" }).click();
  await expect(page).toHaveURL(/\/uk\/order\/[0-9a-f-]{36}$/);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator(".order__number .copy-button").click();
    const toast = page.locator(".toast").last();
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    const controls = page.locator(".header a:visible, .header button:visible");
    const count = await controls.count();
    expect(count).toBeGreaterThan(2);
    for (let index = 0; index < count; index++) {
      const box = (await controls.nth(index).boundingBox())!;
      const overlaps =
        box.x < toastBox.x + toastBox.width &&
        toastBox.x < box.x + box.width &&
        box.y < toastBox.y + toastBox.height &&
        toastBox.y < box.y + box.height;
      expect(overlaps, `toast over ${await controls.nth(index).textContent()}`).toBe(false);
    }
    // Gone by itself (3 s, spec §9) before the next width.
    await expect(page.locator(".toast")).toHaveCount(0, { timeout: 10_000 });
  }
});
