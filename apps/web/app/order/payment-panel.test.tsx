import type { OrderInfo } from "@obmen/contracts";
import { webCatalog } from "@obmen/i18n/catalogs";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n/i18n-context.tsx";
import { PaymentPanel } from "./payment-panel.tsx";

const USDT = {
  id: 2,
  name: "Tether TRC20",
  currency_code: "USDT",
  url_xml: "USDTTRC20",
  icon: "/icons/usdt.svg",
  network_code: "TRC20",
  kind: "crypto",
  decimal: 2,
} as const;

function orderPaying(payment: Pick<OrderInfo["payment"], "target" | "demo">): OrderInfo {
  return {
    exchange_uuid: "6f1c2a9e-0a4b-4c1d-9e7f-3b2a1c0d9e8f",
    exchange_status: "new",
    send_amount: "100",
    receive_amount: "8116.4",
    rate: { send_rate: "1", receive_rate: "81.164", comission_amount: "0" },
    send_currency: USDT,
    receive_currency: { ...USDT, id: 3, url_xml: "SBERRUB", currency_code: "RUB", kind: "bank" },
    fields: [],
    email: "customer@example.com",
    email_required: false,
    created_at: "2026-11-21T07:30:00.000Z",
    expires_at: "2026-11-21T08:00:00.000Z",
    payment: {
      amount: "100",
      currency_code: "USDT",
      holder: null,
      target_kind: "crypto_address",
      network_code: "TRC20",
      text: "Send exactly 100 USDT (TRC20) in one transfer to the address below.",
      qr_payload: payment.target,
      received: null,
      ...payment,
    },
    history: [],
    customer_actions: ["paid", "cancelled"],
    receipts: [],
    review: null,
    can_review: false,
    payout_reference: null,
  };
}

let shown: OrderInfo;
const Stub = createRoutesStub([
  {
    path: "*",
    Component: () => (
      <PaymentPanel order={shown} qrSvg={null} serverNow={Date.parse(shown.created_at)} />
    ),
  },
]);

function render(order: OrderInfo, locale: "ru" | "en" | "uk") {
  shown = order;
  return renderToString(
    <I18nProvider locale={locale} messages={webCatalog(locale)}>
      <Stub initialEntries={["/order/x"]} />
    </I18nProvider>,
  );
}

const DEMO_WARNING = {
  ru: "Демо-реквизиты — не оплачивайте.",
  en: "Demo details — do not pay.",
  uk: "Демо-реквізити — не сплачуйте.",
} as const;

describe("the payment panel", () => {
  it("warns, before the details, not to pay a demo catalogue's placeholder target", () => {
    const target = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
    for (const locale of ["ru", "en", "uk"] as const) {
      const html = render(orderPaying({ target, demo: true }), locale);
      expect(html).toContain(DEMO_WARNING[locale]);
      expect(html.indexOf(DEMO_WARNING[locale])).toBeLessThan(html.indexOf(target));
    }
  });

  it("shows an operator's own target without the warning", () => {
    const html = render(
      orderPaying({ target: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf", demo: false }),
      "en",
    );
    expect(html).toContain("TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf");
    expect(html).not.toContain("pay__demo");
  });

  it("asks a browser that did not create the order for its e-mail inside the 'I paid' form", () => {
    const target = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf";
    const creator = render(orderPaying({ target, demo: false }), "ru");
    expect(creator).not.toContain('name="email"');
    const stranger = {
      ...orderPaying({ target, demo: false }),
      email: "wa•••@mail.test",
      email_required: true,
    };
    const hints = {
      ru: "введите полностью e-mail, с которым она создана: wa•••@mail.test.",
      uk: "введіть повністю e-mail, з яким її створено: wa•••@mail.test.",
    } as const;
    for (const locale of ["ru", "uk"] as const) {
      const html = render(stranger, locale);
      const form = html.slice(html.indexOf("pay__paid"));
      expect(form).toContain('name="email"');
      expect(form).toContain(hints[locale]);
      expect(form.indexOf('name="email"')).toBeLessThan(form.indexOf('value="paid"'));
    }
  });
});
