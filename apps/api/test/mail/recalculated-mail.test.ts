import type { Locale } from "@obmen/contracts";
import { describe, expect, it } from "vitest";
import type { OrderRow } from "../../src/mail/index.ts";
import { renderOrderMail } from "../../src/mail/templates/render-order-mail.ts";

const ORDER_ID = "3f2a1c9e-0000-4000-8000-000000000001";

function order(locale: Locale): OrderRow {
  return {
    id: ORDER_ID,
    pairId: 1,
    sendCurrencyId: 1,
    receiveCurrencyId: 2,
    status: "hold",
    sendAmount: "0.02",
    receiveAmount: "150000.5",
    sendRate: "1",
    receiveRate: "7500025",
    comissionAmount: "0",
    sendRateReal: "1",
    receiveRateReal: "7600000",
    email: "customer@example.com",
    locale,
    fields: [],
    userId: null,
    referrerId: null,
    clientIp: null,
    idempotencyKey: null,
    createdAt: new Date("2026-11-21T07:30:00Z"),
    expiresAt: new Date("2026-11-21T08:00:00Z"),
    updatedAt: new Date("2026-11-21T09:00:00Z"),
  } as OrderRow;
}

const EXPECTED: Record<Locale, { subject: string; amounts: string }> = {
  ru: {
    subject: "Заявка 3f2a1c9e: пересчёт по текущему курсу",
    amounts:
      "Было: вы отдаёте 0,015 BTC, получаете 115 000 RUB. Стало: вы отдали 0,02 BTC и получите 150 000,50 RUB по курсу 1 BTC = 7 500 025 RUB.",
  },
  en: {
    subject: "Order 3f2a1c9e: recalculated at the current rate",
    amounts:
      "Before: you send 0.015 BTC and receive 115,000 RUB. Now: you sent 0.02 BTC and will receive 150,000.50 RUB at 1 BTC = 7,500,025 RUB.",
  },
  uk: {
    subject: "Заявка 3f2a1c9e: перерахунок за поточним курсом",
    amounts:
      "Було: ви віддаєте 0,015 BTC, отримуєте 115 000 RUB. Стало: ви віддали 0,02 BTC і отримаєте 150 000,50 RUB за курсом 1 BTC = 7 500 025 RUB.",
  },
};

/** The recalculation letter (decision 035) in each language, amounts by the one formatter. */
describe("the recalculated letter", () => {
  for (const locale of ["ru", "en", "uk"] as const) {
    it(`says both sets of amounts and asks for an answer (${locale})`, () => {
      const mail = renderOrderMail({
        order: order(locale),
        display: {
          sendCurrency: { code: "BTC", name: "Bitcoin", decimals: 8 },
          receiveCurrency: { code: "RUB", name: "Sberbank", decimals: 2 },
          fields: [],
        },
        event: {
          type: "recalculated",
          previous: { sendAmount: "0.015", receiveAmount: "115000" },
          comment: `<b>late</b> & "credited"`,
        },
        appUrl: "https://obmen.example/",
      });
      expect(mail.subject).toBe(EXPECTED[locale].subject);
      // Grouping is a no-break space in ru/uk, and one sits between a number and its code.
      const text = mail.text.replaceAll("\u00a0", " ");
      expect(text).toContain(EXPECTED[locale].amounts);
      expect(text).toContain(`<b>late</b> & "credited"`);
      expect(text).toContain(`/order/${ORDER_ID}`);
      // The operator's note is escaped in the HTML part.
      expect(mail.html).toContain("&lt;b&gt;late&lt;/b&gt; &amp;");
      expect(mail.html).not.toContain("<b>late</b>");
    });
  }
});
