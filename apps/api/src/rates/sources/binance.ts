import {
  bookQuote,
  nonEmpty,
  type RateQuote,
  type RateSourceAdapter,
  RateSourceRejection,
  type Row,
} from "./rate-source.ts";

/**
 * Binance spot `GET /api/v3/ticker/bookTicker` without a symbol: every symbol's best bid and
 * ask, an array of `{symbol, bidPrice, bidQty, askPrice, askQty}` with prices as strings.
 * Symbols whose book is empty (`"0.00000000"` both sides: a delisted or halted market) are
 * left out rather than refusing the answer.
 */
export const binanceSource: RateSourceAdapter = {
  id: "binance",
  path: "/api/v3/ticker/bookTicker",
  encoding: "utf-8",
  parse(body) {
    const rows = parseJson(body);
    if (!Array.isArray(rows)) throw new RateSourceRejection("binance: not an array");
    const quotes: RateQuote[] = [];
    for (const row of rows) {
      if (typeof row?.symbol !== "string")
        throw new RateSourceRejection("binance: row without symbol");
      if (isEmptyBook(row.bidPrice) && isEmptyBook(row.askPrice)) continue;
      quotes.push(bookQuote(row.symbol, row.bidPrice, row.askPrice));
    }
    return nonEmpty(quotes, "binance");
  },
};

const isEmptyBook = (price: unknown) => typeof price === "string" && /^0(\.0+)?$/.test(price);

export function parseJson(body: string): Row {
  try {
    return JSON.parse(body);
  } catch {
    throw new RateSourceRejection("not JSON");
  }
}
