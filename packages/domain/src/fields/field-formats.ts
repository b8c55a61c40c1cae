import type { OrderFieldType } from "./validate-order-field.ts";

/**
 * Formats narrow a field's wire type to one payment system's account number (decision 025).
 * The six types stay the wire's stable vocabulary (DESIGN.md "Tiers"); a client that does not
 * know a format still shows the field by its type, and the API checks the format anyway.
 * Each format belongs to one type: the one whose input it is (a wallet number is typed as
 * text, an SBP phone as a phone).
 */
export const ORDER_FIELD_FORMATS = [
  "yoomoney_wallet",
  "payeer_account",
  "advcash_usd_wallet",
  "iban",
  "sbp_phone",
] as const;
export type OrderFieldFormat = (typeof ORDER_FIELD_FORMATS)[number];

export const FORMAT_FIELD_TYPE: Readonly<Record<OrderFieldFormat, OrderFieldType>> = {
  /** YooMoney (ex Yandex.Money) wallet: 41001…, 11–20 digits, two check digits. */
  yoomoney_wallet: "text",
  /** Payeer account: P and 7–12 digits. */
  payeer_account: "text",
  /** AdvCash USD wallet (U and 12 digits) or the AdvCash account's e-mail. */
  advcash_usd_wallet: "text",
  /** International bank account number, ISO 13616, with its mod-97 check digits. */
  iban: "text",
  /** Russia's faster payments system: a Russian mobile number, +7 9XX. */
  sbp_phone: "phone",
};

export function isOrderFieldFormat(value: unknown): value is OrderFieldFormat {
  return typeof value === "string" && Object.hasOwn(FORMAT_FIELD_TYPE, value);
}

/** Spaces, dashes and dots people copy along with account numbers. */
export function withoutSeparators(text: string): string {
  return text.replace(/[\s\-.]/g, "");
}
