import type { AdminOrderListItem, OrderStatus } from "@obmen/contracts";
import { ORDER_STATUSES } from "@obmen/domain";
import { AMOUNT_FORMAT_CASES, type CaseLocale } from "@obmen/domain/testing";
import { translatorFor, webCatalog } from "@obmen/i18n/catalogs";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { I18nProvider, useI18n } from "../../i18n.tsx";
import { QueueRow } from "./queue-row.tsx";

// The console writes amounts and names statuses as the order page and the letters do: the
// formatter's table of cases (decision 022) and the one status catalog entry (decision 040).

const LOCALES: readonly CaseLocale[] = ["ru", "en", "uk"];
const CREATED = "2026-11-25T12:00:00.000Z";

function orderOf(options: {
  status: OrderStatus;
  amount: string;
  currency: { code: string; decimals: number };
}): AdminOrderListItem {
  const currency = (id: number) => ({
    id,
    url_xml: options.currency.code,
    currency_code: options.currency.code,
    pay_system: `${options.currency.code} pay`,
    decimals: options.currency.decimals,
  });
  return {
    exchange_uuid: "6f1c2a9e-0a4b-4c1d-9e7f-3b2a1c0d9e8f",
    exchange_status: options.status,
    send_amount: options.amount,
    receive_amount: options.amount,
    send_currency: currency(1),
    receive_currency: currency(2),
    email: "customer@example.com",
    created_at: CREATED,
    updated_at: CREATED,
  };
}

function Row({ order }: { order: AdminOrderListItem }) {
  const { t, locale } = useI18n();
  return <QueueRow order={order} now={Date.parse(CREATED)} t={t} locale={locale} />;
}

/** The desk's row as the browser gets it, in the given console language. */
function renderRow(order: AdminOrderListItem, locale: CaseLocale): string {
  return renderToStaticMarkup(
    <I18nProvider start={locale}>
      <MemoryRouter>
        <ul>
          <Row order={order} />
        </ul>
      </MemoryRouter>
    </I18nProvider>,
  );
}

/** The text of the row's first element with this class. */
function textOf(html: string, className: string): string {
  const match = html.match(new RegExp(`<span class="[^"]*\\b${className}\\b[^"]*">([^<]*)</span>`));
  return match?.[1] ?? "";
}

describe("the console's order desk", () => {
  beforeAll(() => {
    // The provider names the page's language; rendered on the server there is no page.
    (globalThis as { document?: unknown }).document ??= { documentElement: {} };
  });

  describe.each(LOCALES)("in %s", (locale) => {
    it.each(AMOUNT_FORMAT_CASES.map((example) => [example.about, example] as const))(
      "writes amounts as the page and the letters do: %s",
      (_about, example) => {
        const html = renderRow(
          orderOf({ status: "new", amount: example.amount, currency: example.currency }),
          locale,
        );
        const written = example.text[locale];
        expect(textOf(html, "queue__amounts")).toBe(`${written} → ${written}`);
      },
    );

    it.each(ORDER_STATUSES)("names %s by the page's and the letters' name", (status) => {
      const html = renderRow(
        orderOf({ status, amount: "1", currency: { code: "BTC", decimals: 8 } }),
        locale,
      );
      const pageName = webCatalog(locale).Status[status].Name;
      expect(textOf(html, "badge")).toBe(pageName);
      expect(translatorFor(locale)(`Status.${status}.Name`)).toBe(pageName);
    });
  });
});
