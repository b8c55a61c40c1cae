import type { OrderStatus } from "@obmen/db";

/** What the customer reads about one status: its name and what happens next. */
export interface StatusWording {
  name: string;
  next: string;
}

/**
 * Every word of an order e-mail in one language. A locale file fills this in whole, so a
 * missing translation is a type error, not an English phrase in a Russian letter.
 */
export interface OrderMailStrings {
  /** `Intl` locale for dates: en-GB, because "21 November 2026" cannot be misread. */
  intlLocale: string;
  subjectCreated(order: { number: string }): string;
  subjectStatusChanged(order: { number: string; status: string }): string;
  greeting: string;
  createdIntro(order: { expiresAt: string }): string;
  paymentHeading: string;
  /** Next to a demo catalogue's placeholder target: do not pay it (decision 018). */
  demoTarget: string;
  afterPayment: string;
  statusChangedIntro(order: { status: string }): string;
  operatorComment: string;
  detailsHeading: string;
  labels: {
    number: string;
    createdAt: string;
    pair: string;
    send: string;
    receive: string;
    rate: string;
    fee: string;
    expiresAt: string;
    status: string;
  };
  /** Appended to the fee: it is already taken out of the receive amount (DESIGN "Domain rules"). */
  feeIncluded: string;
  yourDetails: string;
  openOrder: string;
  orderLinkIntro: string;
  footer: string;
  statuses: Record<OrderStatus, StatusWording>;
}
