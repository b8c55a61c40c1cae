import { parseJson } from "./binance.ts";
import {
  bookQuote,
  nonEmpty,
  type RateQuote,
  type RateSourceAdapter,
  RateSourceRejection,
} from "./rate-source.ts";

/**
 * Bybit v5 `GET /v5/market/tickers?category=spot`: `{retCode, retMsg, result: {category, list:
 * [{symbol, bid1Price, ask1Price, lastPrice, …}]}, time}`. A non-zero `retCode` is Bybit's own
 * error (answered with HTTP 200), so it refuses the answer. Symbols with an empty book (both
 * sides empty strings) are left out.
 */
export const bybitSource: RateSourceAdapter = {
  id: "bybit",
  path: "/v5/market/tickers?category=spot",
  encoding: "utf-8",
  parse(body) {
    const answer = parseJson(body);
    if (answer?.retCode !== 0) {
      throw new RateSourceRejection(`bybit: retCode ${answer?.retCode} ${answer?.retMsg ?? ""}`);
    }
    const rows = answer.result?.list;
    if (!Array.isArray(rows)) throw new RateSourceRejection("bybit: result.list is not an array");
    const quotes: RateQuote[] = [];
    for (const row of rows) {
      if (typeof row?.symbol !== "string")
        throw new RateSourceRejection("bybit: row without symbol");
      if (!row.bid1Price && !row.ask1Price) continue;
      quotes.push(bookQuote(row.symbol, row.bid1Price, row.ask1Price));
    }
    return nonEmpty(quotes, "bybit");
  },
};
