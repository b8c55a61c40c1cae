import { binanceSource } from "./binance.ts";
import { bybitSource } from "./bybit.ts";
import { cbrSource } from "./cbr.ts";
import { ecbSource } from "./ecb.ts";
import { nbuSource } from "./nbu.ts";
import type { RateSourceAdapter } from "./rate-source.ts";

export { fetchRateSource } from "./fetch-rate-source.ts";
export * from "./rate-source.ts";

/** Every fetched source; `manual` has no adapter (operators type its quotes). */
export const RATE_SOURCE_ADAPTERS: readonly RateSourceAdapter[] = [
  binanceSource,
  bybitSource,
  cbrSource,
  nbuSource,
  ecbSource,
];

/** Each source's public address (README "Configuration"); tests and demos override them. */
export const DEFAULT_RATE_SOURCE_URLS: Record<RateSourceAdapter["id"], string> = {
  binance: "https://api.binance.com",
  bybit: "https://api.bybit.com",
  cbr: "https://www.cbr.ru",
  nbu: "https://bank.gov.ua",
  ecb: "https://www.ecb.europa.eu",
};
