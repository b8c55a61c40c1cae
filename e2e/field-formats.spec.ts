import { expect, test } from "./support/test.ts";

// Issue 15 / decision 025: the exchange page checks a payment system's account format as the
// customer types, with the API's own words, before anything is posted.
const CASES = [
  {
    path: "/en/exchange/USDTTRC20/YAMRUB",
    label: "YooMoney wallet number (4100…) to receive the payout",
    message:
      "This is not a YooMoney wallet number (41001…, 11 to 20 digits): copy it from the YooMoney app",
  },
  {
    path: "/exchange/USDTTRC20/PRUSD",
    label: "Номер счёта Payeer (P…) для получения",
    message: "Номер счёта Payeer — буква P и от 7 до 12 цифр, например P1234567",
  },
] as const;

const VALID = { YAMRUB: "4100 1116 1616 877", PRUSD: "P1234567" } as const;

for (const { path, label, message } of CASES) {
  test(`${path}: a malformed account is refused inline, a real one is taken`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const account = page.getByLabel(label);
    await account.fill("abc");
    await account.blur();
    await expect(account).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(message)).toBeVisible();
    await account.fill(path.endsWith("YAMRUB") ? VALID.YAMRUB : VALID.PRUSD);
    await expect(account).not.toHaveAttribute("aria-invalid");
    await expect(page.getByText(message)).toHaveCount(0);
  });
}
