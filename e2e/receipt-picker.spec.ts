import { expect, type Page, test } from "./support/test.ts";

// The order page's receipt picker (issue 15): a drop zone in the page's language instead of
// the browser's "Choose File" strip, still a real file input underneath. Texts written out.
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

/** A new order in English through the exchange page; its path. */
async function createOrder(page: Page): Promise<string> {
  await page.goto("/en/exchange/USDTTRC20/SBERRUB");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Amount, USDT").fill("100");
  await page.getByLabel("Card number to receive the payout").fill("4111 1111 1111 1111");
  await page.getByLabel("Recipient's full name").fill("Ivan Petrov");
  await page.getByLabel("E-mail").fill("picker@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create order" }).click();
  await expect(page).toHaveURL(/\/en\/order\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}

test("the picker is a labelled, keyboard-reachable zone that names the chosen file", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await createOrder(page);
  await page.waitForLoadState("networkidle");
  const zone = page.locator(".file-pick");
  await expect(zone).toContainText("Choose a file");
  await expect(zone).toContainText("or drop it here");
  // The browser's own strip is gone from sight, but the input is there, named by its label.
  const input = page.getByLabel("Receipt file");
  await expect(input).toHaveAttribute("type", "file");
  await expect(input).toHaveCSS("opacity", "0");

  // A click on the zone (here its middle) opens the file dialog.
  const chooser = page.waitForEvent("filechooser");
  await zone.click();
  await (await chooser).setFiles({ name: "bank-transfer.png", mimeType: "image/png", buffer: PNG });
  await expect(zone).toContainText("bank-transfer.png");
  await expect(zone).not.toContainText("or drop it here");

  // The keyboard reaches it: one Shift+Tab back from the send button, with a visible ring.
  await page.getByRole("button", { name: "Send receipt" }).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(input).toBeFocused();
  await expect(page.locator(".file-pick__face")).toHaveCSS("outline-style", "solid");

  await page.getByRole("button", { name: "Send receipt" }).click();
  await expect(
    page.getByText("We have your receipt. The operator will check it along with the payment."),
  ).toBeVisible();
  // The form is new after an upload: the zone forgets the sent file's name.
  await expect(zone).toContainText("or drop it here");
});

test("without JavaScript the zone still says a file is chosen", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const orderPath = await createOrder(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(orderPath);
  const zone = plain.locator(".file-pick");
  await expect(zone.getByText("or drop it here")).toBeVisible();
  await expect(zone.getByText("File chosen")).toBeHidden();
  await plain.getByLabel("Receipt file").setInputFiles({
    name: "scan.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await expect(zone.getByText("File chosen")).toBeVisible();
  await expect(zone.getByText("or drop it here")).toBeHidden();
  await context.close();
});
