import { createTestDatabase, orderStatuses, type TestDatabase } from "@obmen/db";
import { findTextProblems } from "@obmen/i18n/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderWithdrawalLetter } from "../../src/affiliate/withdrawals/withdrawal-letter.ts";
import { ACCOUNT_MAIL_KINDS, type AccountMailType } from "../../src/mail/account-mail.ts";
import { renderAccountMail } from "../../src/mail/templates/render-account-mail.ts";
import { renderOrderMail } from "../../src/mail/templates/render-order-mail.ts";
import { APP_URL } from "./support/mail-test-kit.ts";
import { insertOrder, PAYMENT } from "./support/order-fixture.ts";

const LOCALES = ["ru", "en", "uk"] as const;
type Letter = { subject: string; text: string; html: string };

/** The words a reader sees: the subject, the text, and the HTML without its markup. */
function readable(letter: Letter): string {
  const body = letter.html
    .replace(/<(style|head)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&nbsp;", "\u00a0");
  return [letter.subject, letter.text, body].join("\n");
}

/**
 * Every kind of letter in every language, read as the pages are (issue 26 "Done means"): no
 * raw catalog key, no English in a ru/uk letter, no amount the one formatter did not write.
 */
describe("every letter a customer or partner gets", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database?.close());

  it("reads right in its language", async () => {
    const order = await insertOrder(database.db);
    const display = {
      sendCurrency: { code: "BTC", name: "Bitcoin", decimals: 8 },
      receiveCurrency: { code: "RUB", name: "Сбербанк", decimals: 2 },
      fields: [],
    };
    const problems: string[] = [];
    const check = (name: string, locale: (typeof LOCALES)[number], letter: Letter) => {
      for (const problem of findTextProblems(readable(letter), locale)) {
        problems.push(`${name} (${locale}): ${problem}`);
      }
    };
    for (const locale of LOCALES) {
      const base = { ...order, locale, comissionAmount: "1500.5" };
      check(
        "order created",
        locale,
        renderOrderMail({
          order: { ...base, status: "new" },
          display,
          event: { type: "created", paymentInstructions: PAYMENT[locale] },
          appUrl: APP_URL,
        }),
      );
      for (const status of orderStatuses) {
        check(
          `order ${status}`,
          locale,
          renderOrderMail({
            order: { ...base, status },
            display,
            event: { type: "status_changed", payoutReference: "42", comment: null },
            appUrl: APP_URL,
          }),
        );
      }
      check(
        "order recalculated",
        locale,
        renderOrderMail({
          order: base,
          display,
          event: {
            type: "recalculated",
            previous: { sendAmount: "0.0151", receiveAmount: "119350.25" },
          },
          appUrl: APP_URL,
        }),
      );
      for (const type of Object.keys(ACCOUNT_MAIL_KINDS) as AccountMailType[]) {
        const content = { appUrl: APP_URL, token: "t0ken", newEmail: "new@example.com" };
        check(`account ${type}`, locale, renderAccountMail({ type, locale, content }));
      }
      for (const decision of ["paid", "rejected"] as const) {
        check(`withdrawal ${decision}`, locale, {
          ...renderWithdrawalLetter({
            lang: locale,
            decision,
            withdrawal: { id: 7, amount: "1050.25", currency: "USDT" },
            note: "0xabc",
            appUrl: APP_URL,
          }),
        });
      }
    }
    expect(problems).toEqual([]);
  });
});
