import { normalizeEmail } from "../fields/email.ts";

/**
 * The login e-mail as accounts store and look it up: trimmed and lower-cased as a whole.
 * The local part is case-sensitive on paper, but no mail provider people use treats it so,
 * and one person typing `Ivan@` once and `ivan@` later must reach one account, never two.
 * Null when it is not an address at all.
 */
export function normalizeAccountEmail(text: string): string | null {
  const address = normalizeEmail(text.trim());
  return address === null ? null : address.toLowerCase();
}
