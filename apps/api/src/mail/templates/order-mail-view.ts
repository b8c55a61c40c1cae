import { DEFAULT_LOCALE, isLocale, type Locale } from "@obmen/contracts";
import { displayRate } from "@obmen/domain";
import type { EnqueueOrderMailInput, OrderMailPaymentInstructions } from "../order-mail.types.ts";
import { en } from "./en.ts";
import {
  currencyTitle,
  displayFieldValue,
  formatAmount,
  formatMailDateTime,
  orderPageUrl,
  singleLine,
} from "./format-order-values.ts";
import type { OrderMailStrings } from "./order-mail-strings.ts";
import { ru } from "./ru.ts";
import { uk } from "./uk.ts";

const STRINGS: Record<Locale, OrderMailStrings> = { ru, en, uk };

export interface DetailRow {
  label: string;
  value: string;
}

/** Everything a letter shows, as plain (unescaped) text in the order's language. */
export interface OrderMailView {
  locale: Locale;
  strings: OrderMailStrings;
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
  const strings = STRINGS[mailLocale(order.locale)];
  const number = order.id.slice(0, 8);
  if (event.type === "created") return strings.subjectCreated({ number });
  return strings.subjectStatusChanged({ number, status: strings.statuses[order.status].name });
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
  const strings = STRINGS[locale];
  const timeZone = input.timeZone ?? "UTC";
  const when = (date: Date) => formatMailDateTime(date, strings.intlLocale, timeZone);
  const { sendCurrency, receiveCurrency } = display;
  const status = strings.statuses[order.status];
  const expiresAt = when(order.expiresAt);

  const rate = displayRate({ send_rate: order.sendRate, receive_rate: order.receiveRate });
  const fee = formatAmount(order.comissionAmount, receiveCurrency);
  const feeIsZero = /^0(\.0*)?$/.test(order.comissionAmount);

  const details: DetailRow[] = [
    { label: strings.labels.number, value: order.id },
    { label: strings.labels.createdAt, value: when(order.createdAt) },
    {
      label: strings.labels.pair,
      value: `${currencyTitle(sendCurrency)} → ${currencyTitle(receiveCurrency)}`,
    },
    { label: strings.labels.send, value: formatAmount(order.sendAmount, sendCurrency) },
    { label: strings.labels.receive, value: formatAmount(order.receiveAmount, receiveCurrency) },
    {
      label: strings.labels.rate,
      value: `${rate.sendAmount} ${sendCurrency.code} = ${rate.receiveAmount} ${receiveCurrency.code}`,
    },
    { label: strings.labels.fee, value: feeIsZero ? fee : `${fee} (${strings.feeIncluded})` },
    { label: strings.labels.expiresAt, value: expiresAt },
    { label: strings.labels.status, value: status.name },
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
    strings,
    details,
    customerFields,
    orderUrl: orderPageUrl(input.appUrl, locale, order.id),
  };
  if (event.type === "created") {
    return {
      ...base,
      subject: orderMailSubject(input),
      intro: [strings.createdIntro({ expiresAt })],
      payment: event.paymentInstructions,
    };
  }
  const comment = event.comment ? event.comment.trim() : "";
  return {
    ...base,
    subject: orderMailSubject(input),
    intro: [strings.statusChangedIntro({ status: status.name }), status.next],
    ...(comment ? { comment } : {}),
  };
}
