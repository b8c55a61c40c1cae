import { parseJson } from "./binance.ts";
import {
  checkedPrice,
  nonEmpty,
  type RateQuote,
  type RateSourceAdapter,
  RateSourceRejection,
  type Row,
} from "./rate-source.ts";

/**
 * The National Bank of Ukraine's official rates, `GET
 * /NBUStatService/v1/statdirectory/exchange?json`: `[{r030, txt, rate, cc, exchangedate}]`,
 * `rate` hryvnias for one unit of `cc`. `rate` is a JSON number, which `JSON.parse` would turn
 * into a float (41.2345 is not exactly representable), so each `"rate":` number is quoted as
 * written before parsing and read as a decimal string.
 */
export const nbuSource: RateSourceAdapter = {
  id: "nbu",
  path: "/NBUStatService/v1/statdirectory/exchange?json",
  encoding: "utf-8",
  parse(body) {
    const rows = parseJson(body.replace(/"rate"\s*:\s*(-?[\d.eE+-]+)/g, '"rate":"$1"'));
    if (!Array.isArray(rows)) throw new RateSourceRejection("nbu: not an array");
    const quotes: RateQuote[] = rows.map((row: Row): RateQuote => {
      const code = row?.cc;
      if (typeof code !== "string" || !/^[A-Z]{3}$/.test(code)) {
        throw new RateSourceRejection(`nbu: bad cc ${JSON.stringify(code)}`);
      }
      return { symbol: `${code}UAH`, value: checkedPrice(row.rate, `${code} rate`) };
    });
    return nonEmpty(quotes, "nbu");
  },
};
