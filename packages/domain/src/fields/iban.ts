import { withoutSeparators } from "./field-formats.ts";

/**
 * An IBAN (ISO 13616): a country code, two check digits and an account of 11–30 letters and
 * digits, 15–34 characters in all, whose mod-97 remainder is 1 — which catches every single
 * mistyped character and nearly every swap of two. Normalised to the electronic form:
 * upper case, no spaces. The country's own length is not checked: the checksum already
 * refuses a missing or extra character.
 */
export function normalizeIban(text: string): string | null {
  const iban = withoutSeparators(text).toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1 ? iban : null;
}

/** The remainder of the number the IBAN spells (A = 10 … Z = 35), digit by digit. */
function mod97(text: string): number {
  let remainder = 0;
  for (const character of text) {
    const value = Number.parseInt(character, 36);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}
