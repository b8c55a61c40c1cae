import { withoutSeparators } from "./field-formats.ts";

/** A Payeer account number: the letter P and 7 to 12 digits (`P1234567`), upper-cased. */
export function normalizePayeerAccount(text: string): string | null {
  const account = withoutSeparators(text).toUpperCase();
  return /^P\d{7,12}$/.test(account) ? account : null;
}
