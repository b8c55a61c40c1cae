import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { binanceSource } from "../../../src/rates/sources/binance.ts";
import { bybitSource } from "../../../src/rates/sources/bybit.ts";
import { cbrSource } from "../../../src/rates/sources/cbr.ts";
import { ecbSource } from "../../../src/rates/sources/ecb.ts";
import { nbuSource } from "../../../src/rates/sources/nbu.ts";
import { type RateQuote, RateSourceRejection } from "../../../src/rates/sources/rate-source.ts";

const fixture = (name: string, encoding = "utf-8") =>
  new TextDecoder(encoding).decode(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
const bySymbol = (quotes: RateQuote[]) => new Map(quotes.map((quote) => [quote.symbol, quote]));

describe("each source parses its recorded answer to exact decimals", () => {
  it("Binance bookTicker: the bid/ask midpoint, empty books left out", () => {
    const quotes = bySymbol(binanceSource.parse(fixture("binance-book-ticker.json")));
    expect(quotes.get("BTCUSDT")).toEqual({
      symbol: "BTCUSDT",
      value: "91234.505",
      bid: "91234.5",
      ask: "91234.51",
    });
    expect(quotes.get("TRXUSDT")?.value).toBe("0.28415");
    expect(quotes.get("ETHBTC")?.value).toBe("0.0341205");
    expect(quotes.has("BNBBUSD")).toBe(false);
    expect(quotes.size).toBe(6);
  });

  it("Bybit v5 tickers: the bid/ask midpoint, inactive symbols left out", () => {
    const quotes = bySymbol(bybitSource.parse(fixture("bybit-spot-tickers.json")));
    expect(quotes.get("BTCUSDT")?.value).toBe("91230.15");
    expect(quotes.get("TONUSDT")?.value).toBe("5.3815");
    expect(quotes.has("USDTRUB")).toBe(false);
  });

  it("CBR: windows-1251, comma decimals, Value divided by Nominal", () => {
    const quotes = bySymbol(cbrSource.parse(fixture("cbr-xml-daily.xml", "windows-1251")));
    expect(quotes.get("USDRUB")?.value).toBe("78.9013");
    expect(quotes.get("AMDRUB")?.value).toBe("0.206419");
    expect(quotes.get("UAHRUB")?.value).toBe("1.88824");
    expect(quotes.get("VNDRUB")?.value).toBe("0.00300257");
    expect(quotes.size).toBe(7);
  });

  it("NBU: the JSON number read as written, not as a float", () => {
    const quotes = bySymbol(nbuSource.parse(fixture("nbu-exchange.json")));
    expect(quotes.get("USDUAH")?.value).toBe("41.7841");
    expect(quotes.get("JPYUAH")?.value).toBe("0.27031");
    expect(quotes.get("XAUUAH")?.value).toBe("172316.55");
  });

  it("ECB: units of each currency for one euro", () => {
    const quotes = bySymbol(ecbSource.parse(fixture("ecb-eurofxref-daily.xml")));
    expect(quotes.get("EURUSD")?.value).toBe("1.1563");
    expect(quotes.get("EURGBP")?.value).toBe("0.87735");
    expect(quotes.size).toBe(7);
  });
});

describe("nonsense is refused whole", () => {
  const refuses = (parse: () => unknown, reason: RegExp) =>
    expect(parse).toThrow(
      expect.objectContaining({
        name: "RateSourceRejection",
        message: expect.stringMatching(reason),
      }),
    );

  it("zero, negative, crossed and malformed prices", () => {
    const row = (bid: string, ask: string) =>
      JSON.stringify([
        { symbol: "BTCUSDT", bidPrice: bid, bidQty: "1", askPrice: ask, askQty: "1" },
      ]);
    refuses(() => binanceSource.parse(row("-1.0", "2.0")), /not a plain decimal/);
    refuses(() => binanceSource.parse(row("0", "2.0")), /not above zero/);
    refuses(() => binanceSource.parse(row("3.0", "2.0")), /bid 3 above ask 2/);
    refuses(() => binanceSource.parse(row("1e3", "2.0")), /not a plain decimal/);
    refuses(() => binanceSource.parse("<html>502 Bad Gateway</html>"), /not JSON/);
    refuses(() => binanceSource.parse("[]"), /no quotes/);
    refuses(() => binanceSource.parse('{"code":-1003,"msg":"Too many requests"}'), /not an array/);
  });

  it("Bybit's own error code, answered with HTTP 200", () => {
    refuses(
      () => bybitSource.parse('{"retCode":10006,"retMsg":"Too many visits!","result":{}}'),
      /retCode 10006/,
    );
  });

  it("central banks: a zero rate, a missing code, a dot where CBR writes a comma is still read", () => {
    refuses(
      () => nbuSource.parse('[{"r030":840,"txt":"x","rate":0,"cc":"USD"}]'),
      /not above zero/,
    );
    refuses(
      () => nbuSource.parse('[{"r030":840,"txt":"x","rate":-41.5,"cc":"USD"}]'),
      /not a plain decimal/,
    );
    refuses(() => nbuSource.parse('[{"r030":840,"txt":"x","rate":41.5}]'), /bad cc/);
    const cbr = (value: string) =>
      `<ValCurs><Valute><CharCode>USD</CharCode><Nominal>1</Nominal><Value>${value}</Value></Valute></ValCurs>`;
    refuses(() => cbrSource.parse(cbr("0,0000")), /not above zero/);
    refuses(() => cbrSource.parse(cbr("")), /not a plain decimal/);
    refuses(() => cbrSource.parse("<html/>"), /no ValCurs/);
    expect(() => ecbSource.parse("<gesmes:Envelope/>")).toThrow(RateSourceRejection);
  });
});
