import type { AmountCurrency } from "../format/format-amount.ts";

/**
 * How amounts and rates read, per language: one table for the formatter's own test and for the
 * tests that render the order page and the letters, so the page and the letters cannot drift
 * apart (docs/decisions/022-amounts-and-status-names.md). Not part of the domain's index:
 * only tests import it, through `@obmen/domain/testing`.
 */

export type CaseLocale = "ru" | "en" | "uk";

export interface AmountFormatCase {
  /** What the case pins down. */
  about: string;
  /** As the API and the database give it. */
  amount: string;
  currency: AmountCurrency;
  /** `formatAmount`: on the page and in the letters. */
  text: Record<CaseLocale, string>;
  /** `formatAmountInput`: in a calculator field, grouped as on the page (issue 26 point 7). */
  input: Record<CaseLocale, string>;
  /** `plainAmount`: what the copy button copies. */
  plain: string;
}

export interface RateFormatCase {
  about: string;
  rate: { send_rate: string; receive_rate: string };
  sendCode: string;
  receiveCode: string;
  text: Record<CaseLocale, string>;
}

/** Spaces in the written cases are no-break spaces: CLDR's group in ru/uk, and before a code. */
const nb = (text: string) => text.replaceAll(" ", "\u00a0");

const BTC = { code: "BTC", decimals: 8 };
const USDT = { code: "USDT", decimals: 6 };
const RUB = { code: "RUB", decimals: 2 };

export const AMOUNT_FORMAT_CASES: readonly AmountFormatCase[] = [
  {
    about: "an amount to pay in bitcoin: exact, without the grid's trailing zeros",
    amount: "0.01000000",
    currency: BTC,
    text: { ru: nb("0,01 BTC"), en: nb("0.01 BTC"), uk: nb("0,01 BTC") },
    input: { ru: nb("0,01"), en: "0.01", uk: nb("0,01") },
    plain: "0.01",
  },
  {
    about: "the smallest unit of a coin, never in exponent notation",
    amount: "0.00000001",
    currency: BTC,
    text: { ru: nb("0,00000001 BTC"), en: nb("0.00000001 BTC"), uk: nb("0,00000001 BTC") },
    input: { ru: nb("0,00000001"), en: "0.00000001", uk: nb("0,00000001") },
    plain: "0.00000001",
  },
  {
    about: "fiat with kopecks: both places, grouped thousands",
    amount: "77105.8",
    currency: RUB,
    text: { ru: nb("77 105,80 RUB"), en: nb("77,105.80 RUB"), uk: nb("77 105,80 RUB") },
    input: { ru: nb("77 105,80"), en: "77,105.80", uk: nb("77 105,80") },
    plain: "77105.80",
  },
  {
    about: "a whole fiat amount without ,00",
    amount: "10000.00",
    currency: RUB,
    text: { ru: nb("10 000 RUB"), en: nb("10,000 RUB"), uk: nb("10 000 RUB") },
    input: { ru: nb("10 000"), en: "10,000", uk: nb("10 000") },
    plain: "10000",
  },
  {
    about: "four digits are grouped too, as CLDR has it for all three languages",
    amount: "1000.5",
    currency: RUB,
    text: { ru: nb("1 000,50 RUB"), en: nb("1,000.50 RUB"), uk: nb("1 000,50 RUB") },
    input: { ru: nb("1 000,50"), en: "1,000.50", uk: nb("1 000,50") },
    plain: "1000.50",
  },
  {
    about: "a six-place token: only the places the amount needs",
    amount: "46.025000",
    currency: USDT,
    text: { ru: nb("46,025 USDT"), en: nb("46.025 USDT"), uk: nb("46,025 USDT") },
    input: { ru: nb("46,025"), en: "46.025", uk: nb("46,025") },
    plain: "46.025",
  },
  {
    about: "a six-place token with one significant place",
    amount: "939.500000",
    currency: USDT,
    text: { ru: nb("939,5 USDT"), en: nb("939.5 USDT"), uk: nb("939,5 USDT") },
    input: { ru: nb("939,5"), en: "939.5", uk: nb("939,5") },
    plain: "939.5",
  },
  {
    about: "a limit that uses every place: all of them, none rounded",
    amount: "411999.999641",
    currency: USDT,
    text: {
      ru: nb("411 999,999641 USDT"),
      en: nb("411,999.999641 USDT"),
      uk: nb("411 999,999641 USDT"),
    },
    input: { ru: nb("411 999,999641"), en: "411,999.999641", uk: nb("411 999,999641") },
    plain: "411999.999641",
  },
  {
    about: "beyond a float's 2^53: every digit kept",
    amount: "9007199254740993.01",
    currency: RUB,
    text: {
      ru: nb("9 007 199 254 740 993,01 RUB"),
      en: nb("9,007,199,254,740,993.01 RUB"),
      uk: nb("9 007 199 254 740 993,01 RUB"),
    },
    input: {
      ru: nb("9 007 199 254 740 993,01"),
      en: "9,007,199,254,740,993.01",
      uk: nb("9 007 199 254 740 993,01"),
    },
    plain: "9007199254740993.01",
  },
];

export const RATE_FORMAT_CASES: readonly RateFormatCase[] = [
  {
    about: "one coin in roubles (send_rate 1)",
    rate: { send_rate: "1", receive_rate: "7710580.00000000" },
    sendCode: "BTC",
    receiveCode: "RUB",
    text: {
      ru: `${nb("1 BTC")} = ${nb("7 710 580 RUB")}`,
      en: `${nb("1 BTC")} = ${nb("7,710,580 RUB")}`,
      uk: `${nb("1 BTC")} = ${nb("7 710 580 RUB")}`,
    },
  },
  {
    about: "roubles for one coin (receive_rate 1)",
    rate: { send_rate: "9150000", receive_rate: "1" },
    sendCode: "RUB",
    receiveCode: "BTC",
    text: {
      ru: `${nb("9 150 000 RUB")} = ${nb("1 BTC")}`,
      en: `${nb("9,150,000 RUB")} = ${nb("1 BTC")}`,
      uk: `${nb("9 150 000 RUB")} = ${nb("1 BTC")}`,
    },
  },
  {
    about: "a rate with more places than either currency's amounts",
    rate: { send_rate: "1", receive_rate: "81.1643" },
    sendCode: "USDT",
    receiveCode: "RUB",
    text: {
      ru: `${nb("1 USDT")} = ${nb("81,1643 RUB")}`,
      en: `${nb("1 USDT")} = ${nb("81.1643 RUB")}`,
      uk: `${nb("1 USDT")} = ${nb("81,1643 RUB")}`,
    },
  },
];
