import { displayRate } from "../pricing/display-rate.ts";
import { AMOUNT_CODE_SEPARATOR, formatPlainNumber, type NumberLocale } from "./format-amount.ts";

/**
 * A pair's rate as one line, `1 BTC = 7 710 580 RUB` or `9 150 000 RUB = 1 BTC` (spec §4
 * direction flag, resolved by `displayRate`), on the catalogue, the calculator, the order page
 * and in the letters alike. A rate is not an amount of either currency: it keeps all its digits.
 */
export function formatRate(options: {
  rate: { send_rate: string; receive_rate: string };
  sendCode: string;
  receiveCode: string;
  locale: NumberLocale;
}): string {
  const { sendAmount, receiveAmount } = displayRate(options.rate);
  const side = (value: string, code: string) =>
    `${formatPlainNumber({ value, locale: options.locale })}${AMOUNT_CODE_SEPARATOR}${code}`;
  return `${side(sendAmount, options.sendCode)} = ${side(receiveAmount, options.receiveCode)}`;
}
