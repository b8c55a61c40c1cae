import type { Locale, OrderInfo } from "@obmen/contracts";
import { ORDER_STATUSES } from "@obmen/domain";
import { AMOUNT_FORMAT_CASES, RATE_FORMAT_CASES } from "@obmen/domain/testing";
import { translatorFor, webCatalog } from "@obmen/i18n/catalogs";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
// The letters are the API tier's; the web never imports it outside this test, which exists to
// hold the two tiers to one wording (docs/decisions/022-amounts-and-status-names.md).
import type { OrderRow } from "../../../api/src/mail/order-mail.types.ts";
import { renderOrderMail } from "../../../api/src/mail/templates/render-order-mail.ts";
import { paymentInstructions } from "../../../api/src/orders/info/payment-instructions.ts";
import { I18nProvider } from "../i18n/i18n-context.tsx";
import type { Route } from "../routes/+types/order";
import Order from "../routes/order.tsx";

const LOCALES = ["ru", "en", "uk"] as const;
const ORDER_ID = "6f1c2a9e-0a4b-4c1d-9e7f-3b2a1c0d9e8f";
const CREATED = new Date("2026-11-21T07:30:00.000Z");
const EXPIRES = new Date("2026-11-21T08:00:00.000Z");

interface Side {
  code: string;
  decimals: number;
}

/** One order, as the page gets it (`/rest/exchange/info`) and as the letters get it (its row). */
interface Example {
  status: OrderInfo["exchange_status"];
  send: Side & { amount: string };
  receive: Side & { amount: string };
  rate: { send_rate: string; receive_rate: string };
}

function infoOf(example: Example, locale: Locale): OrderInfo {
  const currency = (side: Side, id: number) => ({
    id,
    name: `${side.code} pay`,
    currency_code: side.code,
    url_xml: `${side.code}${id}`,
    icon: "/icons/btc.svg",
    network_code: null,
    kind: "crypto" as const,
    decimal: side.decimals,
  });
  const payTo = {
    currencyCode: example.send.code,
    kind: "crypto" as const,
    networkCode: example.send.code,
    paySystemName: `${example.send.code} pay`,
    paymentTarget: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    paymentHolder: null,
    paymentTargetDemo: false,
  };
  return {
    exchange_uuid: ORDER_ID,
    exchange_status: example.status,
    send_amount: example.send.amount,
    receive_amount: example.receive.amount,
    rate: { ...example.rate, comission_amount: "0" },
    send_currency: currency(example.send, 1),
    receive_currency: currency(example.receive, 2),
    fields: [],
    email: "customer@example.com",
    email_required: false,
    created_at: CREATED.toISOString(),
    expires_at: EXPIRES.toISOString(),
    payment: paymentInstructions({
      currency: payTo,
      amount: example.send.amount,
      decimals: example.send.decimals,
      lang: locale,
    }),
    history: [
      { status: example.status, at: CREATED.toISOString(), actor: "system", comment: null },
    ],
    customer_actions: example.status === "new" ? ["paid", "cancelled"] : [],
    receipts: [],
    review: null,
    can_review: false,
    payout_reference: null,
  };
}

function rowOf(example: Example, locale: Locale): OrderRow {
  return {
    id: ORDER_ID,
    pairId: 1,
    sendCurrencyId: 1,
    receiveCurrencyId: 2,
    status: example.status,
    sendAmount: example.send.amount,
    receiveAmount: example.receive.amount,
    sendRate: example.rate.send_rate,
    receiveRate: example.rate.receive_rate,
    comissionAmount: "0",
    sendRateReal: example.rate.send_rate,
    receiveRateReal: example.rate.receive_rate,
    email: "customer@example.com",
    locale,
    fields: [],
    userId: null,
    referrerId: null,
    clientIp: null,
    idempotencyKey: null,
    createdAt: CREATED,
    expiresAt: EXPIRES,
    updatedAt: CREATED,
  };
}

let shown: Route.ComponentProps["loaderData"];
const Stub = createRoutesStub([
  {
    path: "*",
    Component: () => {
      const props = { loaderData: shown, actionData: undefined };
      return <Order {...(props as unknown as Route.ComponentProps)} />;
    },
  },
]);

/** The order page's HTML, rendered by its route component as the server renders it. */
function renderPage(example: Example, locale: Locale): string {
  shown = {
    order: infoOf(example, locale),
    qrSvg: null,
    recalculation: null,
    serverNow: CREATED.getTime(),
  };
  return renderToString(
    <I18nProvider locale={locale} messages={webCatalog(locale)}>
      <Stub initialEntries={[`/order/${ORDER_ID}`]} />
    </I18nProvider>,
  );
}

/** The letter that reports the order: the created one while it is new, else the status one. */
function renderLetter(example: Example, locale: Locale) {
  const info = infoOf(example, locale);
  const side = (currency: Side) => ({ ...currency, name: `${currency.code} pay` });
  return renderOrderMail({
    order: rowOf(example, locale),
    display: {
      sendCurrency: side(example.send),
      receiveCurrency: side(example.receive),
      fields: [],
    },
    event:
      example.status === "new"
        ? { type: "created", paymentInstructions: info.payment }
        : { type: "status_changed" },
    appUrl: "https://obmen.example",
  });
}

/** `label`, then `value` as the next text on the page (an icon between them is no text). */
function labelled(label: string, value: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`\n${literal(label)}\n+${literal(value)}\n`);
}

/** The page's text without markup: React separates adjacent texts with empty comments. */
function textOf(html: string): string {
  return html.replace(/<!-- -->/g, "").replace(/<[^>]*>/g, "\n");
}

describe("the order page and the letters write amounts alike (the shared table)", () => {
  for (const example of AMOUNT_FORMAT_CASES) {
    it(`${example.about}: ${example.amount} ${example.currency.code}`, () => {
      const side = { ...example.currency, amount: example.amount };
      const order: Example = {
        status: "new",
        send: side,
        receive: side,
        rate: { send_rate: "1", receive_rate: "1" },
      };
      for (const locale of LOCALES) {
        const written = example.text[locale];
        const page = textOf(renderPage(order, locale));
        const letter = renderLetter(order, locale).text;
        const t = translatorFor(locale);
        // The summary's two amounts, the amount to pay and the payment sentence on the page…
        for (const label of [t("Order.Send"), t("Order.Receive"), t("Order.Amount")]) {
          expect(page, `${locale}: ${label}`).toMatch(labelled(label, written));
        }
        expect(page).toContain(`\n${infoOf(order, locale).payment.text}\n`);
        // …and in the letter, its two detail rows and the same sentence.
        expect(letter).toContain(`${t("Mail.Labels.Send")}: ${written}\n`);
        expect(letter).toContain(`${t("Mail.Labels.Receive")}: ${written}\n`);
        expect(letter).toContain(`${infoOf(order, locale).payment.text}\n`);
        expect(infoOf(order, locale).payment.text).toContain(written);
      }
    });
  }

  for (const example of RATE_FORMAT_CASES) {
    it(`rate: ${example.about}`, () => {
      const order: Example = {
        status: "processing",
        send: { code: example.sendCode, decimals: 8, amount: "1" },
        receive: { code: example.receiveCode, decimals: 2, amount: "1" },
        rate: example.rate,
      };
      for (const locale of LOCALES) {
        const t = translatorFor(locale);
        expect(textOf(renderPage(order, locale))).toContain(`\n${example.text[locale]}\n`);
        expect(renderLetter(order, locale).text).toContain(
          `${t("Mail.Labels.Rate")}: ${example.text[locale]}\n`,
        );
      }
    });
  }
});

describe("the order page and the letters name a status alike", () => {
  const order = (status: OrderInfo["exchange_status"]): Example => ({
    status,
    send: { code: "USDT", decimals: 6, amount: "100" },
    receive: { code: "RUB", decimals: 2, amount: "8116.4" },
    rate: { send_rate: "1", receive_rate: "81.164" },
  });

  /** The badge at the top of the page, and the sentence under it. */
  function pageStatus(html: string, status: string) {
    const badge = html.match(
      new RegExp(`class="order__status">.*?<span class="badge badge--${status}">([^<]*)</span>`),
    );
    const hint = html.match(/<p class="order__hint" role="status">([^<]*)<\/p>/);
    return { name: badge?.[1], next: hint?.[1] };
  }

  for (const status of ORDER_STATUSES) {
    it(status, () => {
      const names = new Set<string>();
      for (const locale of LOCALES) {
        const t = translatorFor(locale);
        const onPage = pageStatus(renderPage(order(status), locale), status);
        const letter = renderLetter(order(status), locale);
        const inLetter = letter.text.match(new RegExp(`\\n${t("Mail.Labels.Status")}: (.+)\\n`));
        expect(onPage.name, `${locale} page`).toBeTruthy();
        expect(inLetter?.[1], `${locale} letter`).toBe(onPage.name);
        names.add(onPage.name!);
        // The letter reporting a change names it in its subject and says what comes next, in
        // the words the page shows under the badge (a new order's letter is the created one).
        if (status !== "new") {
          expect(letter.subject).toContain(onPage.name);
          expect(letter.text).toContain(`\n${onPage.next}\n`);
          expect(letter.html).toContain(escapeHtml(onPage.next!));
        }
      }
      expect(names.size, "each language has its own words").toBe(LOCALES.length);
    });
  }
});

/** As React and the letters' HTML write text (the page's texts here have no other markup). */
function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
