import { normalizeAdvcashUsdWallet } from "./advcash-wallet.ts";
import { normalizeCardNumber } from "./card-number.ts";
import { normalizeCryptoAddress } from "./crypto-address.ts";
import { EMAIL_MAX_LENGTH, normalizeEmail } from "./email.ts";
import { isOrderFieldFormat, type OrderFieldFormat } from "./field-formats.ts";
import { FULL_NAME_MAX_LENGTH, normalizeFullName } from "./full-name.ts";
import { normalizeIban } from "./iban.ts";
import { normalizePayeerAccount } from "./payeer-account.ts";
import { normalizePhone } from "./phone.ts";
import { normalizeSbpPhone } from "./sbp-phone.ts";
import { normalizeYooMoneyWallet } from "./yoomoney-wallet.ts";

/** The order field types (DESIGN.md "Tiers"), defined once: the DB and the wire reuse them. */
export const ORDER_FIELD_TYPES = [
  "crypto_address",
  "card_number",
  "phone",
  "full_name",
  "email",
  "text",
] as const;
export type OrderFieldType = (typeof ORDER_FIELD_TYPES)[number];

export type FieldRejectionReason =
  | "required"
  | "invalid_address"
  | "invalid_card"
  | "invalid_phone"
  | "invalid_name"
  | "invalid_email"
  | `invalid_${OrderFieldFormat}`
  | "too_long";

export type FieldValidationResult =
  | { ok: true; normalized: string }
  | { ok: false; reason: FieldRejectionReason };

/**
 * Longest accepted input per type, checked before any parsing so hostile input costs nothing
 * (DESIGN.md invariant 3). Addresses: the longest supported form is a 90-character bech32.
 */
export const FIELD_MAX_LENGTH: Readonly<Record<OrderFieldType, number>> = {
  crypto_address: 128,
  card_number: 40,
  phone: 32,
  full_name: FULL_NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  text: 256,
};

const RULES: Record<
  OrderFieldType,
  {
    normalize: (value: string, network: string | null) => string | null;
    invalid: FieldRejectionReason;
  }
> = {
  crypto_address: {
    normalize: (value, network) => normalizeCryptoAddress({ network, value }),
    invalid: "invalid_address",
  },
  card_number: { normalize: normalizeCardNumber, invalid: "invalid_card" },
  phone: { normalize: normalizePhone, invalid: "invalid_phone" },
  full_name: { normalize: normalizeFullName, invalid: "invalid_name" },
  email: { normalize: normalizeEmail, invalid: "invalid_email" },
  // Free text: only control characters go (they break e-mails and operator screens).
  text: { normalize: (value) => value.replace(/\p{Cc}+/gu, " ").trim(), invalid: "required" },
};

/** A field's format replaces its type's rule (field-formats.ts, decision 025). */
const FORMAT_RULES: Record<OrderFieldFormat, (value: string) => string | null> = {
  yoomoney_wallet: normalizeYooMoneyWallet,
  payeer_account: normalizePayeerAccount,
  advcash_usd_wallet: normalizeAdvcashUsdWallet,
  iban: normalizeIban,
  sbp_phone: normalizeSbpPhone,
};

/**
 * Validates and normalises one order field value (DESIGN.md: errors are reported under
 * `fields.<key>`). Surrounding whitespace is ignored; an empty value is `required` unless
 * the field is optional, in which case it is accepted as "".
 */
export function validateOrderField(options: {
  type: OrderFieldType;
  /** For `crypto_address`: the network whose rules apply; unknown or null → generic check. */
  network?: string | null;
  /** The payment system's account format; unknown or null → the type's own rule. */
  format?: string | null;
  value: string;
  required?: boolean;
}): FieldValidationResult {
  const { type, required = true } = options;
  const value = typeof options.value === "string" ? options.value.trim() : "";
  if (value === "")
    return required ? { ok: false, reason: "required" } : { ok: true, normalized: "" };
  // Types come from the catalogue; an unknown one (newer data, older code) is treated as text.
  const known = Object.hasOwn(RULES, type) ? type : "text";
  if (value.length > FIELD_MAX_LENGTH[known]) return { ok: false, reason: "too_long" };
  const { format } = options;
  const rule = isOrderFieldFormat(format)
    ? { normalize: FORMAT_RULES[format], invalid: `invalid_${format}` as const }
    : RULES[known];
  const normalized = rule.normalize(value, options.network ?? null);
  if (normalized === null || normalized === "") return { ok: false, reason: rule.invalid };
  return { ok: true, normalized };
}
