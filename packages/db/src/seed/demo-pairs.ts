import {
  add,
  compare,
  divide,
  type Fraction,
  multiply,
  parseDecimal,
  subtract,
  toSignificant,
} from "./decimal.ts";
import type { DemoCurrency } from "./demo-currencies.ts";

type Limits = {
  minSendSum?: string;
  maxSendSum?: string;
  minReceiveSum?: string;
  maxReceiveSum?: string;
};

type PairSpec = { send: string; receive: string; limits?: Limits; active?: boolean };

function both(a: string, b: string): PairSpec[] {
  return [
    { send: a, receive: b },
    { send: b, receive: a },
  ];
}

const cryptoAgainstTether = [
  "BTC",
  "ETH",
  "USDTERC20",
  "USDCERC20",
  "USDTBEP20",
  "LTC",
  "TON",
  "TRX",
  "SOL",
  "BNBBEP20",
  "DOGE",
];
const rubBanks = ["SBERRUB", "TCSBRUB", "SBPRUB", "ACRUB", "TBRUB"];

/**
 * The directions the demo exchange offers, in display order. Most pairs fall back to the
 * currencies' own send limits; a few carry their own limits so every rung of the fallback
 * (DESIGN "Limits") shows up, and some maxima exceed the receive reserve on purpose.
 */
export const demoPairSpecs: PairSpec[] = [
  ...cryptoAgainstTether.flatMap((code) => both("USDTTRC20", code)),
  ...both("BTC", "ETH"),
  ...both("BTC", "LTC"),
  ...both("BTC", "USDTERC20"),
  ...both("ETH", "USDTERC20"),
  ...both("USDTERC20", "USDCERC20"),
  ...["BTC", "USDTTRC20", "ETH"].flatMap((code) => rubBanks.flatMap((bank) => both(code, bank))),
  ...both("TON", "SBPRUB"),
  ...both("TON", "TCSBRUB"),
  ...["BTC", "USDTTRC20", "ETH"].flatMap((code) => both(code, "MONOBUAH")),
  ...["BTC", "USDTTRC20", "ETH"].flatMap((code) => both(code, "P24UAH")),
  ...both("USDTTRC20", "KSPBKZT"),
  ...both("BTC", "KSPBKZT"),
  ...["YAMRUB", "PRUSD", "ADVCUSD"].flatMap((wallet) => [
    ...both("BTC", wallet),
    ...both("USDTTRC20", wallet),
  ]),
  ...both("PRUSD", "ADVCUSD"),
];

/** Pair-specific limits and pauses, applied over the list above by direction. */
const overrides: Record<string, Partial<PairSpec>> = {
  "USDTTRC20>BTC": { limits: { minSendSum: "100", maxSendSum: "250000" } },
  "BTC>SBERRUB": { limits: { minSendSum: "0.001", maxSendSum: "2.5" } },
  "SBERRUB>USDTTRC20": { limits: { minSendSum: "5000", maxSendSum: "1000000" } },
  "USDTTRC20>SBERRUB": {
    limits: { minSendSum: "50", maxSendSum: "20000", maxReceiveSum: "1500000" },
  },
  "SBPRUB>USDTTRC20": { limits: { minSendSum: "3000", maxSendSum: "300000" } },
  "MONOBUAH>USDTTRC20": { limits: { minSendSum: "2000", maxSendSum: "200000" } },
  "USDTTRC20>MONOBUAH": { limits: { minReceiveSum: "2000", maxReceiveSum: "150000" } },
  "USDTTRC20>BNBBEP20": { limits: { maxSendSum: "150000" } },
  "USDTTRC20>YAMRUB": { limits: { maxSendSum: "15000" } },
  "USDTTRC20>ADVCUSD": { limits: { maxSendSum: "10000" } },
  // Paused by the operator: listed in admin, hidden from customers.
  "ETH>TBRUB": { active: false },
  "TBRUB>ETH": { active: false },
};

export type DemoPair = {
  send: string;
  receive: string;
  sendRate: string;
  receiveRate: string;
  sendRateReal: string;
  receiveRateReal: string;
  comissionAmount: string;
  minSendSum: string | null;
  maxSendSum: string | null;
  minReceiveSum: string | null;
  maxReceiveSum: string | null;
  active: boolean;
};

/** Markup by who bears the risk: stables are cheap to swap, buying crypto for fiat is dear. */
function markupPercent(send: DemoCurrency, receive: DemoCurrency): string {
  const isStable = (c: DemoCurrency) =>
    c.kind === "crypto" && "usd" in c.price && c.price.usd === "1";
  if (isStable(send) && isStable(receive)) return "0.5";
  if (send.kind === "crypto" && receive.kind === "crypto") return "1";
  if (send.kind === "crypto") return receive.kind === "bank" ? "1.5" : "2";
  return send.kind === "bank" ? "2.5" : "3";
}

function usdValue(currency: DemoCurrency): Fraction {
  const { price } = currency;
  return "usd" in price
    ? parseDecimal(price.usd)
    : divide(parseDecimal("1"), parseDecimal(price.perUsd));
}

const ONE: Fraction = { numerator: 1n, denominator: 1n };
const HUNDRED = parseDecimal("100");

/**
 * Rates follow the convention of DESIGN "Domain rules": when the receive currency is worth less
 * (BTC→RUB) send_rate is 1 and receive_rate is the big number; otherwise receive_rate is 1 and
 * send_rate is the price (RUB→BTC). The offered rate is the market rate worsened by the markup
 * and rounded against the customer, to six significant digits as exchangers show them.
 */
export function buildDemoPair(spec: PairSpec, send: DemoCurrency, receive: DemoCurrency): DemoPair {
  const override = overrides[`${spec.send}>${spec.receive}`] ?? {};
  const limits = { ...spec.limits, ...override.limits };
  const receivePerSend = divide(usdValue(send), usdValue(receive));
  const markup = divide(parseDecimal(markupPercent(send, receive)), HUNDRED);
  const rates =
    compare(receivePerSend, ONE) > 0
      ? {
          sendRate: "1",
          receiveRate: toSignificant(multiply(receivePerSend, subtract(ONE, markup)), 6, "down"),
          sendRateReal: "1",
          receiveRateReal: toSignificant(receivePerSend, 8, "nearest"),
        }
      : {
          sendRate: toSignificant(multiply(divide(ONE, receivePerSend), add(ONE, markup)), 6, "up"),
          receiveRate: "1",
          sendRateReal: toSignificant(divide(ONE, receivePerSend), 8, "nearest"),
          receiveRateReal: "1",
        };
  return {
    send: spec.send,
    receive: spec.receive,
    ...rates,
    comissionAmount: receive.payoutFee,
    minSendSum: limits.minSendSum ?? null,
    maxSendSum: limits.maxSendSum ?? null,
    minReceiveSum: limits.minReceiveSum ?? receive.minPayout ?? null,
    maxReceiveSum: limits.maxReceiveSum ?? null,
    active: override.active ?? spec.active ?? true,
  };
}
