import { countDecimals, roundDown, toDecimal } from "../money.ts";

/**
 * One way to write an amount for people: the calculator, the order page, the letters and the
 * console all call these (docs/decisions/022-amounts-and-status-names.md).
 *
 * - The digits are the amount's own, from big.js: never rounded, never through a float, so an
 *   amount to pay reads exactly what must be sent (`0,01 BTC`, not `0,01000000 BTC`).
 * - No trailing zeros beyond what the amount needs (`939,5 USDT`), except that a currency
 *   counted in cents (two places or fewer, i.e. fiat money) shows all its places once there is a
 *   fraction, as banks write it: `77 105,80 RUB`, and `10 000 RUB` for a whole amount.
 * - Grouping and the decimal sign are the locale's (CLDR, read from Intl): `77 105,80` in
 *   Russian and Ukrainian (a no-break space), `77,105.80` in English.
 * - The currency code once, after a no-break space, so a line never wraps between the two.
 */

/** A currency as amounts are written in it. */
export interface AmountCurrency {
  /** `BTC`, `USDT`, `RUB`. */
  code: string;
  /** Places the currency counts in (spec §5). */
  decimals: number;
}

export interface AmountOptions {
  /** A plain decimal string, as the API and the database give it (`"77105.80"`). */
  amount: string;
  decimals: number;
  /**
   * Cut places beyond the currency's off, for a value that must never look bigger than it is (a
   * reserve). Without it every digit shows, so an amount to pay is never rounded at all.
   */
  roundDown?: boolean;
}

/** A locale as `Intl` takes it (`ru`, `en`, `uk`). */
export type NumberLocale = string;

/** Fiat money is counted in cents: at most this many places, written in full when present. */
const CENTS_DECIMALS = 2;

/** Between an amount and its currency code: the two stay on one line. */
export const AMOUNT_CODE_SEPARATOR = "\u00a0";

/** `77 105,80 RUB`: an amount to read, with its code. */
export function formatAmount(options: {
  amount: string;
  currency: AmountCurrency;
  locale: NumberLocale;
  roundDown?: boolean;
}): string {
  const { currency, ...rest } = options;
  const number = formatAmountNumber({ ...rest, decimals: currency.decimals });
  return `${number}${AMOUNT_CODE_SEPARATOR}${currency.code}`;
}

/** `77 105,80`: the number alone, where the code stands apart (the reserves table). */
export function formatAmountNumber(options: AmountOptions & { locale: NumberLocale }): string {
  return writeNumber(amountDigits(options), symbolsOf(options.locale), true);
}

/**
 * `77 105,80`: an amount in an input the visitor edits, written as every label beside it
 * (`formatAmountNumber`): a field showing `3855290` under a limit of `3 855 290` reads as
 * another number (issue 26, point 7; docs/decisions/055). The web's `parseAmountText` reads it
 * back, grouped or not, so a visitor may type either; the calculator groups the field the
 * visitor typed once they leave it.
 */
export function formatAmountInput(options: AmountOptions & { locale: NumberLocale }): string {
  return formatAmountNumber(options);
}

/**
 * `77105.80`: the machine form a copy button puts on the clipboard and a payment URI carries,
 * which every wallet and bank form reads whatever its language.
 */
export function plainAmount(options: AmountOptions): string {
  return writeNumber(amountDigits(options), MACHINE_SYMBOLS, false);
}

/** A number that is not an amount of a currency (a rate): exactly its digits, grouped. */
export function formatPlainNumber(options: { value: string; locale: NumberLocale }): string {
  const value = toDecimal(options.value);
  return writeNumber(digitsOf(value, countDecimals(value)), symbolsOf(options.locale), true);
}

interface Digits {
  negative: boolean;
  integer: string;
  fraction: string;
}

function amountDigits(options: AmountOptions): Digits {
  const { decimals } = options;
  const value = options.roundDown
    ? roundDown(toDecimal(options.amount), decimals)
    : toDecimal(options.amount);
  const places = countDecimals(value);
  const cents = places > 0 && decimals <= CENTS_DECIMALS;
  return digitsOf(value, cents ? Math.max(places, decimals) : places);
}

/** `places` is never fewer than the value's own: big.js only pads, it never rounds here. */
function digitsOf(value: ReturnType<typeof toDecimal>, places: number): Digits {
  const [integer = "0", fraction = ""] = value.abs().toFixed(places).split(".");
  return { negative: value.lt(0), integer, fraction };
}

interface NumberSymbols {
  group: string;
  decimal: string;
  /** The shortest integer part that is grouped (CLDR minimumGroupingDigits: 4, or 5 in some). */
  groupFrom: number;
}

const MACHINE_SYMBOLS: NumberSymbols = { group: "", decimal: ".", groupFrom: Infinity };

const symbolsByLocale = new Map<NumberLocale, NumberSymbols>();

/**
 * The locale's separators, read once from Intl (CLDR). Only the separators: formatting the value
 * itself with Intl would go through a float for anything but a string, and this way nothing
 * depends on whether a browser formats numeric strings exactly.
 */
function symbolsOf(locale: NumberLocale): NumberSymbols {
  let symbols = symbolsByLocale.get(locale);
  if (!symbols) {
    const format = new Intl.NumberFormat(locale);
    const parts = format.formatToParts(12345.5);
    const part = (type: string) => parts.find((found) => found.type === type)?.value;
    const groupsFour = format.formatToParts(1234).some((found) => found.type === "group");
    symbols = {
      group: part("group") ?? "",
      decimal: part("decimal") ?? ".",
      groupFrom: groupsFour ? 4 : 5,
    };
    symbolsByLocale.set(locale, symbols);
  }
  return symbols;
}

// Our locales (ru, en, uk) group by thousands; CLDR's Indian grouping is not one of them.
const THOUSANDS = /\B(?=(\d{3})+$)/g;

function writeNumber(digits: Digits, symbols: NumberSymbols, grouped: boolean): string {
  const { integer, fraction } = digits;
  const whole =
    grouped && integer.length >= symbols.groupFrom
      ? integer.replace(THOUSANDS, symbols.group)
      : integer;
  const sign = digits.negative ? "-" : "";
  return fraction ? `${sign}${whole}${symbols.decimal}${fraction}` : `${sign}${whole}`;
}
