import { describe, expect, it } from "vitest";
import en from "../locales/en.json" with { type: "json" };
import ru from "../locales/ru.json" with { type: "json" };
import uk from "../locales/uk.json" with { type: "json" };

/**
 * One name per withdrawal status and for the payout reference, on the partner's page, in the
 * console and in the letters (issue 26 point 11; decision 055), as decision 022 did for orders.
 */
describe("a partner withdrawal's names", () => {
  for (const [locale, catalog] of Object.entries({ ru, en, uk })) {
    it(`are the same on the site, in the console and in the letters (${locale})`, () => {
      const site = catalog.Account.Affiliate;
      const consoleNames = catalog.Console.Withdrawals;
      expect(consoleNames.Statuses).toEqual({
        requested: site.Requested,
        paid: site.PaidStatus,
        rejected: site.Rejected,
      });
      expect(site.Reference).toBe(`${consoleNames.Reference}: {{reference}}`);
      expect(catalog.Mail.Affiliate.Paid.Note).toBe(`${consoleNames.Reference}: {{note}}`);
    });
  }
});
