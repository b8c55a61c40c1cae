/**
 * Phone number, E.164-ish: an optional "+" (or the "00" international prefix), then 10–15
 * digits starting with a country code (never 0). Spaces, dashes, dots and parentheses are
 * ignored. Normalised to "+digits".
 * National trunk forms are refused rather than guessed, because the country is unknown:
 * "0 67 …" (Ukraine) fails the country-code rule, and 11 digits starting with 8 without an
 * international prefix ("8 912 …", Russia/Kazakhstan) would otherwise become a wrong
 * "+8912…" number. Refusing costs the customer a "+7"; a wrong number costs the order.
 */
export function normalizePhone(text: string): string | null {
  const compact = text.replace(/[\s\-.()]/g, "");
  const international = compact.startsWith("+") || compact.startsWith("00");
  const digits = compact.startsWith("+")
    ? compact.slice(1)
    : compact.startsWith("00")
      ? compact.slice(2)
      : compact;
  if (!/^[1-9]\d{9,14}$/.test(digits)) return null;
  if (!international && digits.length === 11 && digits.startsWith("8")) return null;
  return `+${digits}`;
}
