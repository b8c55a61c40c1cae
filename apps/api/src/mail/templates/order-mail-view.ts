import { DEFAULT_LOCALE, isLocale, type Locale } from "@obmen/contracts";
import { compareDecimals, formatAmount, formatRate } from "@obmen/domain";
import type { Translate } from "@obmen/i18n";
import { translatorFor } from "@obmen/i18n/catalogs";
import type {
  EnqueueOrderMailInput,
  OrderMailCurrency,
  OrderMailPaymentInstructions,
} from "../order-mail.types.ts";
import {
  currencyTitle,
  displayFieldValue,
  formatMailDateTime,
  orderPageUrl,
  singleLine,
} from "./format-order-values.ts";

/** `Intl` locale for a letter's dates: en-GB, because "21 November 2026" cannot be misread. */
const DATE_LOCALES: Record<Locale, string> = { ru: "ru", en: "en-GB", uk: "uk" };

export interface DetailRow {
  label: string;
  value: string;
}

/** Everything a letter shows, as plain (unescaped) text in the order's language. */
export interface OrderMailView {
  locale: Locale;
  /** The letter's words: the catalog's `Mail` section (and the order page's demo warning). */
  t: Translate;
  subject: string;
  /** Paragraphs before the details: the news (created, or the new status and what follows). */
  intro: string[];
  /** Only in the created mail. */
  payment?: OrderMailPaymentInstructions;
  comment?: string;
  details: DetailRow[];
  customerFields: DetailRow[];
  orderUrl: string;
}

export type OrderMailViewInput = Pick<
  EnqueueOrderMailInput,
  "order" | "display" | "event" | "appUrl" | "timeZone"
>;

/** The letter's subject alone: the outbox keeps it for listing without rendering the letter. */
export function orderMailSubject(input: Pick<OrderMailViewInput, "order" | "event">): string {
  const { order, event } = input;
  const t = translatorFor(mailLocale(order.locale));
  const number = order.id.slice(0, 8);
  if (event.type === "created") return t("Mail.SubjectCreated", { number });
  if (event.type === "recalculated") return t("Mail.Recalculated.Subject", { number });
  const status = t(`Status.${order.status}.Name`);
  return t("Mail.SubjectStatusChanged", { number, status });
}

function mailLocale(locale: string): Locale {
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/**
 * Turns an order and its display data into the letter's content. The monitors' list (BestChange)
 * fixes what an order mail must show: number, time, pair, both amounts, locked rate, fee,
 * the customer's details, status and a link to the order.
 */
export function buildOrderMailView(input: OrderMailViewInput): OrderMailView {
  const { order, display, event } = input;
  const locale = mailLocale(order.locale);
  const t = translatorFor(locale);
  const timeZone = input.timeZone ?? "UTC";
  const when = (date: Date) => formatMailDateTime(date, DATE_LOCALES[locale], timeZone);
  const { sendCurrency, receiveCurrency } = display;
  // One name per status: the order page's badge reads the same entry (decision 022).
  const status = t(`Status.${order.status}.Name`);
  const expiresAt = when(order.expiresAt);

  // Written as the order page writes them (decision 022): `0,01 BTC`, `1 BTC = 7 710 580 RUB`.
  const amount = (value: string, currency: OrderMailCurrency) =>
    formatAmount({ amount: value, currency, locale });
  const rate = formatRate({
    rate: { send_rate: order.sendRate, receive_rate: order.receiveRate },
    sendCode: sendCurrency.code,
    receiveCode: receiveCurrency.code,
    locale,
  });
  // A fee of nothing is not news: the row is there only when something was deducted.
  const fee: DetailRow[] =
    compareDecimals(order.comissionAmount, "0") > 0
      ? [
          {
            label: t("Mail.Labels.Fee"),
            value: `${amount(order.comissionAmount, receiveCurrency)} (${t("Mail.FeeIncluded")})`,
          },
        ]
      : [];

  const details: DetailRow[] = [
    { label: t("Mail.Labels.Number"), value: order.id },
    { label: t("Mail.Labels.CreatedAt"), value: when(order.createdAt) },
    {
      label: t("Mail.Labels.Pair"),
      value: `${currencyTitle(sendCurrency)} → ${currencyTitle(receiveCurrency)}`,
    },
    { label: t("Mail.Labels.Send"), value: amount(order.sendAmount, sendCurrency) },
    { label: t("Mail.Labels.Receive"), value: amount(order.receiveAmount, receiveCurrency) },
    { label: t("Mail.Labels.Rate"), value: rate },
    ...fee,
    { label: t("Mail.Labels.ExpiresAt"), value: expiresAt },
    { label: t("Mail.Labels.Status"), value: status },
  ];

  const definitions = new Map(display.fields.map((field) => [field.key, field]));
  const entered = order.fields.filter((field) => singleLine(field.value) !== "");
  const ordered = [
    ...display.fields.flatMap((definition) =>
      entered.filter((field) => field.key === definition.key),
    ),
    // A value whose definition was since removed is still the customer's: show it under its key.
    ...entered.filter((field) => !definitions.has(field.key)),
  ];
  const customerFields = ordered.map((field) => {
    const definition = definitions.get(field.key);
    return {
      label: definition?.label ?? field.key,
      value: displayFieldValue(field.value, definition?.type),
    };
  });

  const base = {
    locale,
    t,
    details,
    customerFields,
    orderUrl: orderPageUrl(input.appUrl, locale, order.id),
  };
  if (event.type === "created") {
    return {
      ...base,
      subject: orderMailSubject(input),
      intro: [t("Mail.CreatedIntro", { expiresAt })],
      payment: event.paymentInstructions,
    };
  }
  if (event.type === "recalculated") {
    const comment = event.comment ? event.comment.trim() : "";
    const { previous } = event;
    return {
      ...base,
      subject: orderMailSubject(input),
      intro: [
        t("Mail.Recalculated.Intro"),
        t("Mail.Recalculated.Amounts", {
          previousSend: amount(previous.sendAmount, sendCurrency),
          previousReceive: amount(previous.receiveAmount, receiveCurrency),
          send: amount(order.sendAmount, sendCurrency),
          receive: amount(order.receiveAmount, receiveCurrency),
          rate,
        }),
        t("Mail.Recalculated.Choose"),
      ],
      ...(comment ? { comment } : {}),
    };
  }
  const comment = event.comment ? event.comment.trim() : "";
  // The completion letter names the payout (a transaction hash, a transfer number) so the
  // customer can find the money and quote it in a dispute (issue 14).
  const payoutReference = event.payoutReference ? singleLine(event.payoutReference) : "";
  const payout: DetailRow[] = payoutReference
    ? [{ label: t("Mail.Labels.PayoutReference"), value: payoutReference }]
    : [];
  return {
    ...base,
    details: [...details, ...payout],
    subject: orderMailSubject(input),
    intro: [t("Mail.StatusChangedIntro", { status }), t(`Status.${order.status}.Next`)],
    ...(comment ? { comment } : {}),
  };
}
