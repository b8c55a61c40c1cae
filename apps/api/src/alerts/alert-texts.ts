import type { Locale } from "@obmen/contracts";
import { formatAmount } from "@obmen/domain";
import { translatorFor } from "@obmen/i18n/catalogs";

/**
 * The alerts' words, in the language an admin chose for them in the console's settings
 * (Russian until then), from the catalog's `Mail.OperatorAlert` entries; amounts are written by
 * the domain's formatter, as on the order page, in the letters and in the console (decisions
 * 022 and 040).
 */

/** One side of an order: its amount and the currency it is in. */
export interface AlertSide {
  amount: string;
  /** `USDT`, `RUB`. */
  code: string;
  decimals: number;
  /** The operator's name of the payment system (`Tether TRC20`, `Sberbank`). */
  paySystem: string;
}

export interface OrderAlertFacts {
  orderId: string;
  send: AlertSide;
  receive: AlertSide;
  email: string;
  /** The order in the console. */
  link: string;
}

export interface AlertText {
  subject: string;
  text: string;
}

const shortId = (orderId: string) => orderId.slice(0, 8);

/** `120 USDT · Tether TRC20`, as the console's order screen writes a side. */
function sideText(side: AlertSide, language: Locale): string {
  const amount = formatAmount({
    amount: side.amount,
    currency: { code: side.code, decimals: side.decimals },
    locale: language,
  });
  return `${amount} · ${side.paySystem}`;
}

export function newOrderAlert(facts: OrderAlertFacts, language: Locale): AlertText {
  const t = translatorFor(language);
  const subject = t("Mail.OperatorAlert.NewSubject", {
    id: shortId(facts.orderId),
    send: sideText(facts.send, language),
    receive: sideText(facts.receive, language),
  });
  const headline = t("Mail.OperatorAlert.NewHeadline", { id: facts.orderId });
  return { subject, text: orderBody(headline, facts, language) };
}

export function paidOrderAlert(facts: OrderAlertFacts, language: Locale): AlertText {
  const t = translatorFor(language);
  const subject = t("Mail.OperatorAlert.PaidSubject", {
    id: shortId(facts.orderId),
    send: sideText(facts.send, language),
  });
  const headline = t("Mail.OperatorAlert.PaidHeadline", { id: facts.orderId });
  return { subject, text: orderBody(headline, facts, language) };
}

function orderBody(headline: string, facts: OrderAlertFacts, language: Locale): string {
  const t = translatorFor(language);
  return [
    headline,
    t("Mail.OperatorAlert.Sends", { amount: sideText(facts.send, language) }),
    t("Mail.OperatorAlert.Receives", { amount: sideText(facts.receive, language) }),
    t("Mail.OperatorAlert.Email", { email: facts.email }),
    facts.link,
  ].join("\n");
}

export function lowReserveAlert(
  facts: {
    /** `RUB Sberbank`. */
    currency: string;
    code: string;
    decimals: number;
    available: string;
    warning: string;
    link: string;
  },
  language: Locale,
): AlertText {
  const t = translatorFor(language);
  const currency = { code: facts.code, decimals: facts.decimals };
  // A reserve is cut down to the currency's places, so it never reads bigger than it is.
  const available = formatAmount({
    amount: facts.available,
    currency,
    locale: language,
    roundDown: true,
  });
  const warning = formatAmount({ amount: facts.warning, currency, locale: language });
  const subject = t("Mail.OperatorAlert.LowReserveSubject", {
    currency: facts.currency,
    available,
  });
  const text = [
    t("Mail.OperatorAlert.LowReserveText", { currency: facts.currency }),
    t("Mail.OperatorAlert.LowReserveFigures", { available, warning }),
    facts.link,
  ].join("\n");
  return { subject, text };
}

/** The alert an admin sends from the console to see that the channels work (decision 061). */
export function testAlert(facts: { operatorEmail: string; link: string }, language: Locale) {
  const t = translatorFor(language);
  return {
    subject: t("Mail.OperatorAlert.TestSubject"),
    text: [
      t("Mail.OperatorAlert.TestHeadline"),
      t("Mail.OperatorAlert.TestSentBy", { email: facts.operatorEmail }),
      facts.link,
    ].join("\n"),
  } satisfies AlertText;
}
