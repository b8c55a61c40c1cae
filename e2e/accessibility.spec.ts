import { AxeBuilder } from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

// DESIGN.md front-end rules: axe-core finds no serious or critical violation.
for (const path of ["/", "/en", "/uk/no/such/page"]) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
    expect(serious).toEqual([]);
  });
}
