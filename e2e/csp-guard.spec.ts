// Playwright's own `test`, without the guard: this spec checks the guard itself.
import { expect, test } from "@playwright/test";
import { watchCspViolations } from "./support/test.ts";

// The CSP guard every other spec runs under (e2e/support/test.ts, decision 033) must see a
// violation when there is one: here a page runs an inline script without the nonce, which the
// site's policy refuses.
test("the guard sees a script the Content-Security-Policy refused", async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const violations: string[] = [];
    await watchCspViolations(context, violations);
    const page = await context.newPage();
    await page.goto("/");
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations.join("\n")).toContain("script-src");
    // The policy held: the injected script never ran.
    expect(await page.evaluate(() => "injected" in window)).toBe(false);
  } finally {
    await context.close();
  }
});
