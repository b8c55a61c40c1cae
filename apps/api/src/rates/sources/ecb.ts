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
  removeNSPrefix: true,
  isArray: (name) => name === "Cube",
});

/**
 * The European Central Bank's reference rates, `GET /stats/eurofxref/eurofxref-daily.xml`:
 * `<gesmes:Envelope><Cube><Cube time="yyyy-mm-dd"><Cube currency="USD" rate="1.0921"/>…`,
 * `rate` units of `currency` for one euro. A quote is `EUR<currency>`.
 */
export const ecbSource: RateSourceAdapter = {
  id: "ecb",
  path: "/stats/eurofxref/eurofxref-daily.xml",
  encoding: "utf-8",
  parse(body) {
    let document: Row;
    try {
      document = xml.parse(body);
    } catch {
      throw new RateSourceRejection("ecb: not XML");
    }
    const day = document?.Envelope?.Cube?.[0]?.Cube?.[0];
    const rows = day?.Cube;
    if (!Array.isArray(rows)) throw new RateSourceRejection("ecb: no Cube/Cube/Cube");
    const quotes: RateQuote[] = rows.map((row: Row): RateQuote => {
      const code = row?.currency;
      if (typeof code !== "string" || !/^[A-Z]{3}$/.test(code)) {
        throw new RateSourceRejection(`ecb: bad currency ${JSON.stringify(code)}`);
      }
      return { symbol: `EUR${code}`, value: checkedPrice(row.rate, `${code} rate`) };
    });
    return nonEmpty(quotes, "ecb");
  },
};
