import { type Browser, type BrowserContext, test as base, expect } from "@playwright/test";

/**
 * The suite's `test`: Playwright's, plus a guard that fails any test during which a page
 * broke the Content-Security-Policy (issue 16 point 7, docs/decisions/033). Every spec imports
 * `test` and `expect` from here instead of "@playwright/test".
 *
 * A violation is seen two ways: the `securitypolicyviolation` event, reported by a script
 * added to every document before the page's own, and Chromium's console error ("Refused to
 * execute…", "…violates the following Content Security Policy directive…"), which also
 * catches what happens before any script runs. Contexts a test opens itself
 * (`browser.newContext()`) are watched too.
 */
export * from "@playwright/test";

const REPORT_PREFIX = "CSP violation:";
const CHROMIUM_CSP_ERROR = /Content Security Policy|Refused to (execute|load|apply|frame|connect)/;

function reportViolations() {
  document.addEventListener("securitypolicyviolation", (event) => {
    console.error(
      `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} on ${event.documentURI}` +
        (event.sample ? ` (${event.sample})` : ""),
    );
  });
}

/** Collects every CSP violation of `context`'s pages into `violations`. */
export async function watchCspViolations(context: BrowserContext, violations: string[]) {
  await context.addInitScript(reportViolations);
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (text.startsWith(REPORT_PREFIX) || CHROMIUM_CSP_ERROR.test(text)) {
      violations.push(`${text} (${message.page()?.url() ?? "no page"})`);
    }
  });
}

export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watchCspViolations(context, violations);
      // Contexts the test opens itself, for as long as it runs.
      const newContext = browser.newContext.bind(browser);
      const watched: Browser["newContext"] = async (options) => {
        const opened = await newContext(options);
        await watchCspViolations(opened, violations);
        return opened;
      };
      browser.newContext = watched;
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
