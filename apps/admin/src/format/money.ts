import {
  AMOUNT_CODE_SEPARATOR,
  type AmountCurrency,
  formatAmount,
  formatPlainNumber,
  formatRate,
} from "@obmen/domain";

/**
 * The console's amounts and rates, by the domain's formatter (decisions 022, 040), made so that
 * one bad figure cannot blank a screen (issue 26 point 1): the formatter refuses a decimal of
 * more than 40 digits (a profit from a division once came with 40 places), so such a figure is
 * rounded to the currency's places first, and anything still unreadable is shown as the API
 * wrote it. A screen never throws while writing a number.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * `text` rounded to `places` (half up, or toward zero with `roundDown`), as a decimal string;
 * null when it is not a plain decimal. Digit by digit, so no float and no length limit.
 */
export function roundDecimalText(text: string, places: number, roundDown = false): string | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign = "", integer = "0", fraction = ""] = match;
  if (fraction.length <= places) return text.trim();
  const kept = `${integer}${fraction.slice(0, places)}`;
  const up = !roundDown && (fraction[places] ?? "0") >= "5";
  const digits = up ? addOne(kept) : kept;
  const whole = digits.slice(0, digits.length - places) || "0";
  const cut = digits.slice(digits.length - places);
  const written = places > 0 ? `${whole}.${cut}` : whole;
  return /^0(\.0*)?$/.test(written) ? written : `${sign}${written}`;
}

function addOne(digits: string): string {
  const out = digits.split("");
  for (let at = out.length - 1; at >= 0; at--) {
    if (out[at] !== "9") {
      out[at] = String(Number(out[at]) + 1);
      return out.join("");
    }
    out[at] = "0";
  }
  return `1${out.join("")}`;
}

/** `77 105,80 RUB`, as the site and the letters write it; never throws. */
export function formatMoney(options: {
  amount: string;
  currency: AmountCurrency;
  locale: string;
  roundDown?: boolean;
}): string {
  try {
    return formatAmount(options);
  } catch {
    const rounded = roundDecimalText(options.amount, options.currency.decimals, options.roundDown);
    try {
      if (rounded !== null) return formatAmount({ ...options, amount: rounded });
    } catch {
      // Still unreadable: written as it came, below.
    }
    return `${options.amount}${AMOUNT_CODE_SEPARATOR}${options.currency.code}`;
  }
}

/** Places a rate keeps when it is too long for the formatter: more than any currency has. */
const RATE_PLACES = 18;

/** `1 USDT = 81,1643 RUB`; never throws. */
export function formatRateSafe(options: {
  rate: { send_rate: string; receive_rate: string };
  sendCode: string;
  receiveCode: string;
  locale: string;
}): string {
  try {
    return formatRate(options);
  } catch {
    const send = roundDecimalText(options.rate.send_rate, RATE_PLACES);
    const receive = roundDecimalText(options.rate.receive_rate, RATE_PLACES);
    try {
      if (send !== null && receive !== null) {
        return formatRate({ ...options, rate: { send_rate: send, receive_rate: receive } });
      }
    } catch {
      // Still unreadable: written as it came, below.
    }
    return `${options.rate.send_rate} ${options.sendCode} : ${options.rate.receive_rate} ${options.receiveCode}`;
  }
}

/** A number that is not an amount (a markup in per cent), grouped; never throws. */
export function formatNumberSafe(options: { value: string; locale: string }): string {
  try {
    return formatPlainNumber(options);
  } catch {
    const rounded = roundDecimalText(options.value, RATE_PLACES);
    try {
      if (rounded !== null) return formatPlainNumber({ ...options, value: rounded });
    } catch {
      // Still unreadable: written as it came, below.
    }
    return options.value;
  }
}
