import { toDecimal } from "@obmen/domain";

/** The sources Obmen reads (DESIGN.md "rate sources"); `manual` quotes are typed by operators. */
export const RATE_SOURCE_IDS = ["binance", "bybit", "cbr", "nbu", "ecb", "manual"] as const;
export type RateSourceId = (typeof RATE_SOURCE_IDS)[number];

/**
 * One price a source publishes: `value` units of the quote currency for one unit of the base
 * (`BTCUSDT` 91234.5: one BTC costs 91234.5 USDT; CBR `USDRUB` 78.9: one dollar costs 78.9
 * roubles). Decimal strings, exactly as the source wrote them (after its own scaling, such as
 * CBR's `Nominal`); never a float.
 */
export interface RateQuote {
  symbol: string;
  value: string;
  /** A ticker's best bid and ask, where the source has them (`value` is their midpoint). */
  bid?: string;
  ask?: string;
}

/**
 * A rate source: where it lives and how its answer becomes quotes. `parse` is pure (a fixture
 * in, quotes out) and throws `RateSourceRejection` for an answer that is not what the source
 * documents; fetching and timeouts are shared (fetch-rate-source.ts).
 */
export interface RateSourceAdapter {
  id: Exclude<RateSourceId, "manual">;
  /** The path and query read below the configured base URL. */
  path: string;
  /** How the body is decoded before parsing (CBR answers in windows-1251). */
  encoding: "utf-8" | "windows-1251";
  parse(body: string): RateQuote[];
}

/** A source's answer refused: the last good quotes stay, with their age. */
export class RateSourceRejection extends Error {
  override name = "RateSourceRejection";
}

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A price as the source wrote it, checked: a plain positive decimal. Zero, negative, empty or
 * exponent forms are nonsense for a rate, and refuse the whole answer rather than one symbol,
 * since an answer with one absurd price cannot be trusted for the others either.
 */
export function checkedPrice(raw: unknown, where: string): string {
  if (typeof raw !== "string" || !PLAIN_DECIMAL.test(raw)) {
    throw new RateSourceRejection(`${where}: not a plain decimal (${JSON.stringify(raw)})`);
  }
  const value = toDecimal(raw);
  if (value.lte(0)) throw new RateSourceRejection(`${where}: not above zero (${raw})`);
  return value.toFixed();
}

/** A ticker's quote from its best bid and ask: their midpoint, refused when they cross. */
export function bookQuote(symbol: string, rawBid: unknown, rawAsk: unknown): RateQuote {
  const bid = checkedPrice(rawBid, `${symbol} bid`);
  const ask = checkedPrice(rawAsk, `${symbol} ask`);
  if (toDecimal(bid).gt(ask))
    throw new RateSourceRejection(`${symbol}: bid ${bid} above ask ${ask}`);
  return { symbol, value: toDecimal(bid).plus(ask).div(2).toFixed(), bid, ask };
}

/** Fails an answer that parsed into nothing: an empty list is an outage, not a market. */
export function nonEmpty(quotes: RateQuote[], source: string): RateQuote[] {
  if (quotes.length === 0) throw new RateSourceRejection(`${source}: no quotes in the answer`);
  return quotes;
}

/**
 * A parsed answer before it is checked: any shape at all. Adapters read it field by field and
 * check every value they use, so a surprise is a rejection, never a crash or a float.
 */
// biome-ignore lint/suspicious/noExplicitAny: untrusted input, narrowed by each adapter's checks
export type Row = any;
