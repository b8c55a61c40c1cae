import { normalizeEmail } from "./email.ts";
import { withoutSeparators } from "./field-formats.ts";

/**
 * Where AdvCash pays US dollars: a USD wallet (the letter U and 12 digits, `U 1234 5678 9012`)
 * or the e-mail of the AdvCash account. A wallet of another currency (E… for euros, R… for
 * roubles) is refused: the payout would not arrive in dollars.
 */
export function normalizeAdvcashUsdWallet(text: string): string | null {
  if (text.includes("@")) return normalizeEmail(text);
  const wallet = withoutSeparators(text).toUpperCase();
  return /^U\d{12}$/.test(wallet) ? wallet : null;
}
