import type { CurrencyKind } from "@obmen/contracts";
import { describe, expect, it } from "vitest";
import { matchesSearch, swapLayout, transliterate } from "./currency-search.ts";
import type { CatalogueCurrency, PairCatalogue } from "./pair-catalogue.ts";
import { filterOptions, findCode, findPair, groupByKind, sideOptions } from "./select-options.ts";

function currency(
  code: string,
  name: string,
  ticker: string,
  kind: CurrencyKind,
  network: string | null = null,
): CatalogueCurrency {
  return { code, name, ticker, kind, network, icon: `/icons/${code}.svg`, reserve: `1 ${ticker}` };
}

const BTC = currency("BTC", "Bitcoin", "BTC", "crypto", "BTC");
const USDT = currency("USDTTRC20", "Tether TRC20", "USDT", "crypto", "TRC20");
const SBER = currency("SBERRUB", "Sberbank", "RUB", "bank");
const TBANK = currency("TCSBRUB", "T-Bank", "RUB", "bank");
const YOO = currency("YAMRUB", "YooMoney", "RUB", "ewallet");
const MONO = currency("MONOBUAH", "Монобанк", "UAH", "bank");

// Display order mixes kinds on purpose: grouping must not depend on it.
const catalogue: PairCatalogue = {
  currencies: [YOO, BTC, SBER, USDT, TBANK, MONO],
  pairs: [
    { send: "BTC", receive: "SBERRUB", rate: "1 BTC = 8 900 000 RUB" },
    { send: "BTC", receive: "YAMRUB", rate: "1 BTC = 8 800 000 RUB" },
    { send: "BTC", receive: "USDTTRC20", rate: "1 BTC = 94 050 USDT" },
    { send: "USDTTRC20", receive: "SBERRUB", rate: "1 USDT = 81 RUB" },
    { send: "SBERRUB", receive: "BTC", rate: "9 150 000 RUB = 1 BTC" },
    { send: "YAMRUB", receive: "MONOBUAH", rate: "1 RUB = 0.5 UAH" },
  ],
};

const codes = (options: { currency: CatalogueCurrency }[]) => options.map((o) => o.currency.code);

describe("the select view's lists", () => {
  it("offer only currencies of active pairs on each side, in display order", () => {
    expect(codes(sideOptions(catalogue, "send", null))).toEqual([
      "YAMRUB",
      "BTC",
      "SBERRUB",
      "USDTTRC20",
    ]);
    // T-Bank is in the catalogue but in no pair on the receive side; Monobank only receives.
    expect(codes(sideOptions(catalogue, "receive", null))).toEqual([
      "YAMRUB",
      "BTC",
      "SBERRUB",
      "USDTTRC20",
      "MONOBUAH",
    ]);
  });

  it("narrow the receive list to the chosen send currency's pairs, with their rates", () => {
    const options = sideOptions(catalogue, "receive", "BTC");
    expect(codes(options)).toEqual(["YAMRUB", "SBERRUB", "USDTTRC20"]);
    expect(options.find((o) => o.currency.code === "SBERRUB")?.rate).toBe("1 BTC = 8 900 000 RUB");
  });

  it("narrow the send list the same way when the receive currency is chosen first", () => {
    const options = sideOptions(catalogue, "send", "SBERRUB");
    expect(codes(options)).toEqual(["BTC", "USDTTRC20"]);
    expect(options.map((o) => o.rate)).toEqual(["1 BTC = 8 900 000 RUB", "1 USDT = 81 RUB"]);
  });

  it("show no rate while the other side is open", () => {
    expect(sideOptions(catalogue, "receive", null).every((o) => o.rate === null)).toBe(true);
  });

  it("group by kind: crypto, then banks, then e-wallets, dropping empty groups", () => {
    const groups = groupByKind(sideOptions(catalogue, "receive", "BTC"));
    expect(groups.map((g) => [g.kind, codes(g.options)])).toEqual([
      ["crypto", ["USDTTRC20"]],
      ["bank", ["SBERRUB"]],
      ["ewallet", ["YAMRUB"]],
    ]);
    expect(groupByKind(sideOptions(catalogue, "receive", "YAMRUB")).map((g) => g.kind)).toEqual([
      "bank",
    ]);
  });

  it("find codes and pairs in any case, answering the canonical spelling", () => {
    expect(findCode(catalogue, "send", "usdttrc20")).toBe("USDTTRC20");
    expect(findCode(catalogue, "send", "MONOBUAH")).toBeNull();
    expect(findCode(catalogue, "receive", "monobuah")).toBe("MONOBUAH");
    expect(findPair(catalogue, "btc", "SberRub")).toEqual({ send: "BTC", receive: "SBERRUB" });
    expect(findPair(catalogue, "SBERRUB", "YAMRUB")).toBeNull();
  });
});

describe("currency search", () => {
  const all = sideOptions(catalogue, "receive", null);
  const search = (query: string) => codes(filterOptions(all, query));

  it("matches the name, the currency code, the URL code and the network in any case", () => {
    expect(search("bitcoin")).toEqual(["BTC"]);
    expect(search("BiTcOiN")).toEqual(["BTC"]);
    expect(search("usdt")).toEqual(["USDTTRC20"]);
    expect(search("trc20")).toEqual(["USDTTRC20"]);
    expect(search("sberrub")).toEqual(["SBERRUB"]);
    expect(search("rub")).toEqual(["YAMRUB", "SBERRUB"]);
  });

  it("takes Latin queries literally", () => {
    expect(search("zzz")).toEqual([]);
    expect(search("bitkoin")).toEqual([]);
    expect(search("btc")).toEqual(["BTC"]);
  });

  it("needs every word, ignores punctuation and spacing inside names", () => {
    expect(search("tether trc")).toEqual(["USDTTRC20"]);
    expect(search("tether erc")).toEqual([]);
    expect(search("yoo money")).toEqual(["YAMRUB"]);
    expect(search("  ")).toEqual(codes(all));
  });

  it("matches Latin names from a Cyrillic query, by transliteration", () => {
    expect(search("сбер")).toEqual(["SBERRUB"]);
    expect(search("СБЕРБАНК")).toEqual(["SBERRUB"]);
    expect(search("биткоин")).toEqual(["BTC"]);
    expect(search("биткойн")).toEqual(["BTC"]);
    expect(search("тезер")).toEqual([]);
  });

  it("matches names written in Cyrillic from a Latin query, by transliteration", () => {
    expect(search("monobank")).toEqual(["MONOBUAH"]);
    const named = (name: string) => currency("X", name, "RUB", "bank");
    expect(matchesSearch(named("Т-Банк"), "t-bank")).toBe(true);
    expect(matchesSearch(named("Т-Банк"), "tbank")).toBe(true);
    expect(matchesSearch(named("Альфа-Банк"), "alfa")).toBe(true);
    expect(matchesSearch(named("ВТБ"), "vtb")).toBe(true);
    expect(matchesSearch(named("ПриватБанк"), "privat")).toBe(true);
    expect(matchesSearch(named("ВТБ"), "sber")).toBe(false);
  });

  it("matches a query typed with the wrong keyboard layout", () => {
    expect(swapLayout("ыиук")).toBe("sber");
    expect(search("ыиук")).toEqual(["SBERRUB"]);
    expect(search("ишесщшт")).toEqual(["BTC"]);
  });

  it("matches names written in Cyrillic directly, in any case", () => {
    expect(search("монобанк")).toEqual(["MONOBUAH"]);
    expect(search("МОНО")).toEqual(["MONOBUAH"]);
    expect(search("uah")).toEqual(["MONOBUAH"]);
  });

  it("transliterates Russian and Ukrainian letters", () => {
    expect(transliterate("приват")).toBe("privat");
    expect(transliterate("їжак")).toBe("izhak");
    expect(transliterate("щука")).toBe("schuka");
  });

  it("treats hyphens and spaces alike, in both scripts", () => {
    expect(matchesSearch(TBANK, "t-bank")).toBe(true);
    expect(matchesSearch(TBANK, "tbank")).toBe(true);
    expect(matchesSearch(TBANK, "т-банк")).toBe(true);
    expect(matchesSearch(TBANK, "sber")).toBe(false);
  });
});
