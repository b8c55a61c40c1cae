import { toDecimal } from "@obmen/domain";
import { XMLParser } from "fast-xml-parser";
import {
  checkedPrice,
  nonEmpty,
  type RateQuote,
  type RateSourceAdapter,
  RateSourceRejection,
  type Row,
} from "./rate-source.ts";

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === "Valute",
});

/**
 * The Central Bank of Russia's daily rates, `GET /scripts/XML_daily.asp`: windows-1251 XML,
 * `<ValCurs Date="dd.mm.yyyy"><Valute><CharCode>USD</CharCode><Nominal>1</Nominal>
 * <Value>78,9013</Value>…`, comma decimals, and `Value` roubles for `Nominal` units (100 AMD,
 * 10000 VND). A quote is `<CharCode>RUB` at `Value ÷ Nominal`, exact: a nominal is a power of
 * ten, so the division terminates.
 */
export const cbrSource: RateSourceAdapter = {
  id: "cbr",
  path: "/scripts/XML_daily.asp",
  encoding: "windows-1251",
  parse(body) {
    let document: Row;
    try {
      document = xml.parse(body);
    } catch {
      throw new RateSourceRejection("cbr: not XML");
    }
    const rows = document?.ValCurs?.Valute;
    if (!Array.isArray(rows)) throw new RateSourceRejection("cbr: no ValCurs/Valute");
    const quotes: RateQuote[] = rows.map((row: Row): RateQuote => {
      const code = row?.CharCode;
      if (typeof code !== "string" || !/^[A-Z]{3}$/.test(code)) {
        throw new RateSourceRejection(`cbr: bad CharCode ${JSON.stringify(code)}`);
      }
      const value = checkedPrice(commaDecimal(row.Value), `${code} Value`);
      const nominal = checkedPrice(row.Nominal, `${code} Nominal`);
      return { symbol: `${code}RUB`, value: toDecimal(value).div(nominal).toFixed() };
    });
    return nonEmpty(quotes, "cbr");
  },
};

/** `78,9013` → `78.9013`; anything else is left for the check to refuse. */
function commaDecimal(raw: unknown): unknown {
  return typeof raw === "string" ? raw.trim().replace(",", ".") : raw;
}
