import type { PaymentInstructions } from "@obmen/contracts";
import type { Database, OrderFieldType, orders, Transaction } from "@obmen/db";

/** An `orders` row as Drizzle reads it: the order after the change the mail reports. */
export type OrderRow = typeof orders.$inferSelect;

/** A currency as the customer knows it; the caller loads it with the order's pair. */
export interface OrderMailCurrency {
  /** `BTC`, `USDT`, `RUB` (`currencies.currency_code`). */
  code: string;
  /** The pay system: `Bitcoin`, `Tether TRC20`, `Sberbank` (`pay_systems.name`). */
  name: string;
  /** Places amounts are shown with (`currencies.decimals`, spec §5). */
  decimals: number;
}

/** How to show one of the order's `fields`: its definition from `currency_fields`. */
export interface OrderMailFieldDefinition {
  key: string;
  type: OrderFieldType;
  /** The label in the order's language (`label_ru` / `label_en` / `label_uk`). */
  label: string;
}

/** What the order row does not hold but the mail shows, all in the order's language. */
export interface OrderMailDisplay {
  sendCurrency: OrderMailCurrency;
  receiveCurrency: OrderMailCurrency;
  /** Definitions of the pair's fields, in display order; values come from `order.fields`. */
  fields: readonly OrderMailFieldDefinition[];
}

/**
 * Where and how to pay, exactly as the order page shows it (`payment` of `/rest/exchange/info`,
 * built by orders/info/payment-instructions.ts in the order's language): the mail repeats the
 * page's sentence instead of wording it a second time. `target` null: the operator sends it.
 * `demo`: the target is the demo catalogue's placeholder, and the letter says not to pay it
 * (absent from letters stored before decision 018, which had no such targets marked).
 */
export type OrderMailPaymentInstructions = Pick<PaymentInstructions, "text" | "target" | "holder"> &
  Partial<Pick<PaymentInstructions, "demo">>;

/**
 * Why the mail is sent. `created` carries the payment instructions; `status_changed` reports
 * `order.status`, with the operator's comment when there is one.
 */
export type OrderMailEvent =
  | { type: "created"; paymentInstructions: OrderMailPaymentInstructions }
  | {
      type: "status_changed";
      comment?: string | null;
      /** The completion's payout reference (admin order desk), shown in the letter. */
      payoutReference?: string | null;
    }
  | {
      /**
       * The operator recalculated the order at the current rate (decision 035): the order
       * holds the new amounts, `previous` the old ones, and the customer is asked to answer.
       */
      type: "recalculated";
      previous: { sendAmount: string; receiveAmount: string };
      comment?: string | null;
    };

export interface EnqueueOrderMailInput {
  /** The transaction that creates or changes the order: the mail commits or rolls back with it. */
  tx: Transaction | Database;
  order: OrderRow;
  display: OrderMailDisplay;
  event: OrderMailEvent;
  /** Public site URL (`APP_URL`), for the link to the order page. */
  appUrl: string;
  /** IANA zone dates are written in (default UTC); the zone is always named next to the time. */
  timeZone?: string;
}

/**
 * What an order mail is rendered from, as `mail_outbox.content` keeps it (JSON: the order's
 * dates are ISO strings there). Rendered on delivery, so the letter says what the order said
 * when the mail was written.
 */
export type StoredOrderMail = Omit<EnqueueOrderMailInput, "tx">;

export const ORDER_MAIL_KINDS = {
  created: "order_created",
  status_changed: "order_status_changed",
  recalculated: "order_recalculated",
} as const satisfies Record<OrderMailEvent["type"], string>;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[keyof typeof ORDER_MAIL_KINDS];
