import { passesLuhn } from "./card-number.ts";
import type { OrderFieldType } from "./validate-order-field.ts";

/** What stands for the hidden part of a value: the same width whatever it hides. */
const HIDDEN = "••••";

/** Only the last four digits of a card survive (PCI DSS: mask the PAN when it is displayed). */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length > 4 ? `${HIDDEN} ${digits.slice(-4)}` : HIDDEN;
}

/**
 * A person's name reduced to the first letter of each word ("Ivan Petrov" → "I•••• P••••"):
 * enough for the customer to recognise it, too little for a stranger to learn it. The hidden
 * part has one width, so the mask does not tell a name's length either.
 */
export function maskFullName(value: string): string {
  const words = value.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return HIDDEN;
  return words.map((word) => `${[...word][0]}${HIDDEN}`).join(" ");
}

/** A card number typed into a free-text field: 13–19 digits (spaces or dashes) with a Luhn digit. */
export function looksLikeCardNumber(value: string): boolean {
  if (!/^[\d\s-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "");
  return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits);
}

/**
 * An order field's value as anyone holding the order's link may see it (docs/decisions/
 * 023-order-page-privacy.md): card numbers and names masked, wherever they were typed. Phones
 * and crypto addresses are never cards, and a payout address is public anyway.
 */
export function maskFieldValue(options: {
  value: string;
  type: OrderFieldType | undefined;
}): string {
  const { value, type } = options;
  if (type === "card_number") return maskCardNumber(value);
  if (type === "full_name") return maskFullName(value);
  if (type !== "phone" && type !== "crypto_address" && looksLikeCardNumber(value)) {
    return maskCardNumber(value);
  }
  return value;
}

/**
 * An order's e-mail as a browser that did not create the order sees it (issue 26, point 2):
 * the first two characters of the name and the whole domain (`wa•••@mail.test`), enough for
 * the customer to recognise their address, too little for a stranger to write to it. A name
 * of two characters or less keeps only its first one.
 */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@");
  if (at < 0) return "•••";
  const name = [...value.slice(0, at)];
  const kept = name.slice(0, name.length > 2 ? 2 : 1).join("");
  return `${kept}•••${value.slice(at)}`;
}
