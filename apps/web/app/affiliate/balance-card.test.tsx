import type { PartnerBalance, WithdrawalCurrency } from "@obmen/contracts";
import { webCatalog } from "@obmen/i18n/catalogs";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/i18n-context.tsx";
import { BalanceCard } from "./balance-card.tsx";
import { WithdrawForm } from "./withdraw-section.tsx";

// The partner's debt after a refund (decision 039, issue 18) on /account/affiliate: shown only
// when above zero, with its explanation, in each language; amounts through the shared
// formatter. Words written out, so a missing or wrong translation fails.
const LOCALES = ["ru", "en", "uk"] as const;
type Locale = (typeof LOCALES)[number];

const TEXTS = {
  ru: {
    label: "Удержано в счёт возврата",
    note: "Вознаграждение за заявку, по которой оформлен возврат, спишется из следующих начислений: сначала они погасят 12,5 USDT, затем пойдут в доступный баланс.",
    withdraw:
      "Доступно к выводу: 0 USDT. Следующие начисления сначала погасят 12,5 USDT, удержанные в счёт возврата.",
  },
  en: {
    label: "Owed after a refund",
    note: "The reward for an order that was later refunded is taken back: your next rewards pay off 12.5 USDT first, then go to your available balance.",
    withdraw:
      "Available to withdraw: 0 USDT. Your next rewards first pay off the 12.5 USDT owed after a refund.",
  },
  uk: {
    label: "Утримано в рахунок повернення",
    note: "Винагороду за заявку, за якою оформлено повернення, буде списано з наступних нарахувань: спершу вони погасять 12,5 USDT, а потім підуть на доступний баланс.",
    withdraw:
      "Доступно для виведення: 0 USDT. Наступні нарахування спершу погасять 12,5 USDT, утримані в рахунок повернення.",
  },
} as const;

const IN_DEBT: PartnerBalance = {
  available: "0",
  on_hold: "1500.25",
  paid: "0",
  currency: "USDT",
  debt: "12.5",
};
const CLEAR: PartnerBalance = { ...IN_DEBT, available: "3.75", debt: "0" };

const TRC20: WithdrawalCurrency = {
  id: 7,
  name: "Tether TRC20",
  code: "USDTTRC20",
  min_amount: "10",
  fields: [],
};

let shown: () => ReactNode = () => null;
const Stub = createRoutesStub([{ path: "*", Component: () => <>{shown()}</> }]);

function renderHtml(locale: Locale, node: () => ReactNode) {
  shown = node;
  return renderToString(
    <I18nProvider locale={locale} messages={webCatalog(locale)}>
      <Stub initialEntries={["/account/affiliate"]} />
    </I18nProvider>,
  );
}

/** The text a reader sees: tags dropped, entities and non-breaking spaces made plain. */
function render(locale: Locale, node: () => ReactNode) {
  return renderHtml(locale, node)
    .replace(/<[^>]+>/g, "\n")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[\u00a0\u202f]/g, " ");
}

describe("the partner's debt on /account/affiliate", () => {
  for (const locale of LOCALES) {
    it(`shows what is owed and why, in ${locale}, only when above zero`, () => {
      const owing = render(locale, () => <BalanceCard balance={IN_DEBT} />);
      expect(owing).toContain(TEXTS[locale].label);
      expect(owing).toContain(`\n12${locale === "en" ? "." : ","}5\n`);
      expect(owing).toContain(TEXTS[locale].note);
      // The other balances still read through the shared formatter: 1 500,25 / 1,500.25.
      expect(owing).toContain(locale === "en" ? "1,500.25" : "1 500,25");

      const clear = render(locale, () => <BalanceCard balance={CLEAR} />);
      expect(clear).not.toContain(TEXTS[locale].label);
      expect(clear).not.toContain(TEXTS[locale].note.slice(0, 12));
      expect(renderHtml(locale, () => <BalanceCard balance={CLEAR} />)).not.toContain(
        "balance-debt",
      );
      expect(clear).toContain(locale === "en" ? "3.75" : "3,75");
    });

    it(`the withdraw form says what can be withdrawn while a debt is owed, in ${locale}`, () => {
      const form = (balance: PartnerBalance | null) => () => (
        <WithdrawForm
          currencies={[TRC20]}
          payoutId={null}
          programmeCurrency="USDT"
          balance={balance}
          answer={undefined}
        />
      );
      expect(render(locale, form(IN_DEBT))).toContain(TEXTS[locale].withdraw);
      for (const balance of [CLEAR, null]) {
        expect(renderHtml(locale, form(balance))).not.toContain("withdraw-debt");
        expect(render(locale, form(balance))).not.toContain(TEXTS[locale].withdraw.slice(0, 12));
      }
    });
  }
});
