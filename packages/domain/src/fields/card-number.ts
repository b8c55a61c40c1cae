/**
 * Payment card number: 13–19 digits once spaces and dashes are removed (ISO/IEC 7812), with
 * a valid Luhn check digit. Normalised to the bare digits.
 */
export function normalizeCardNumber(text: string): string | null {
  const digits = text.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(digits)) return null;
  return passesLuhn(digits) ? digits : null;
}

/** Luhn mod 10: double every second digit from the right, sum digits, total ≡ 0 (mod 10). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
