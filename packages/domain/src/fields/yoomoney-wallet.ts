import { withoutSeparators } from "./field-formats.ts";

// (13^i) mod 99 for i = 0…31: the weights of YooMoney's check digits.
const WEIGHTS = [1];
for (let i = 1; i < 32; i += 1) WEIGHTS.push((WEIGHTS[i - 1]! * 13) % 99);

/**
 * A YooMoney (ex Yandex.Money) wallet number, as the customer copies it from the app:
 * 41001…, 11 to 20 digits in all (YooMoney's API allows 20; wallets issued so far have
 * 11–16). The number is N X Y Z: N the length of X, X the processing centre (`1001` for
 * every personal wallet), Y the account within it, Z two check digits — the "account number
 * redundancy" of Yandex.Money's published algorithm, which catches a mistyped digit.
 * Normalised to the digits alone.
 */
export function normalizeYooMoneyWallet(text: string): string | null {
  const digits = withoutSeparators(text);
  if (!/^41001\d{6,15}$/.test(digits)) return null;
  const centre = digits.slice(1, 5);
  const account = digits.slice(5, -2);
  const check = digits.slice(-2);
  if (check === "00") return null;
  return checkDigits(centre, account) === check ? digits : null;
}

/** Yandex.Money's AccountNumberRedundancy(X, Y), as two digits. */
function checkDigits(centre: string, account: string): string {
  // Y as 20 digits and X as 10, each read from its last digit, zeros counted as 10.
  const digitsOf = (text: string, length: number) =>
    Array.from({ length }, (_, i) => Number(text[text.length - 1 - i] ?? 0) || 10);
  const sequence = [...digitsOf(account, 20), ...digitsOf(centre, 10)];
  const sum = sequence.reduce((total, digit, i) => total + digit * WEIGHTS[i + 2]!, 0);
  return String((sum % 99) + 1).padStart(2, "0");
}
