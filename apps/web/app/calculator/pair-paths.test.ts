import { describe, expect, it } from "vitest";
import { exchangePath, exchangeRedirect, resolveShortcut, selectPath } from "./pair-paths.ts";

const catalogue = {
  pairs: [
    { send: "BTC", receive: "SBERRUB" },
    { send: "SBERRUB", receive: "BTC" },
    { send: "USDTTRC20", receive: "SBERRUB" },
    { send: "ETH", receive: "MONOBUAH" },
  ],
};
const shortcut = (from: string, to?: string) => resolveShortcut(catalogue, from, to);
const moved = (path: string) => ({ type: "redirect", path });
const notFound = { type: "not-found" };

describe("paths of the calculator's views", () => {
  it("build the select view and exchange page addresses", () => {
    expect(selectPath(null)).toBe("/");
    expect(selectPath("BTC")).toBe("/BTC");
    expect(exchangePath("USDTTRC20", "SBERRUB")).toBe("/exchange/USDTTRC20/SBERRUB");
  });
});

describe("the /{from}/{to?} shortcut (spec §2)", () => {
  it("opens the select view for a send currency in its canonical spelling", () => {
    expect(shortcut("BTC")).toEqual({ type: "select", send: "BTC" });
    expect(shortcut("USDTTRC20")).toEqual({ type: "select", send: "USDTTRC20" });
  });

  it("moves other spellings of a code to the canonical one", () => {
    expect(shortcut("btc")).toEqual(moved("/BTC"));
    expect(shortcut("UsdtTrc20")).toEqual(moved("/USDTTRC20"));
  });

  it("moves a pair to its exchange page, in any case", () => {
    expect(shortcut("BTC", "SBERRUB")).toEqual(moved("/exchange/BTC/SBERRUB"));
    expect(shortcut("btc", "sberrub")).toEqual(moved("/exchange/BTC/SBERRUB"));
  });

  it("is not found for unknown codes, receive-only currencies and inactive pairs", () => {
    expect(shortcut("NOPE")).toEqual(notFound);
    expect(shortcut("MONOBUAH")).toEqual(notFound);
    expect(shortcut("BTC", "NOPE")).toEqual(notFound);
    expect(shortcut("BTC", "MONOBUAH")).toEqual(notFound);
    expect(shortcut("favicon.ico")).toEqual(notFound);
  });
});

describe("the /exchange{suffix} sitemap variant (spec §2)", () => {
  it("moves classic sitemap links to the exchange page, in any case", () => {
    expect(shortcut("exchange_BTC_to_SBERRUB")).toEqual(moved("/exchange/BTC/SBERRUB"));
    expect(shortcut("EXCHANGE_btc_TO_sberrub")).toEqual(moved("/exchange/BTC/SBERRUB"));
    expect(shortcut("exchange_USDTTRC20_to_SBERRUB")).toEqual(moved("/exchange/USDTTRC20/SBERRUB"));
  });

  it("is not found for unknown or inactive pairs and malformed links", () => {
    expect(shortcut("exchange_BTC_to_MONOBUAH")).toEqual(notFound);
    expect(shortcut("exchange_NOPE_to_SBERRUB")).toEqual(notFound);
    expect(shortcut("exchange_BTC_SBERRUB")).toEqual(notFound);
    expect(shortcut("exchange_BTC_to_")).toEqual(notFound);
    expect(shortcut("exchange_BTC_to_SBERRUB", "extra")).toEqual(notFound);
    expect(shortcut("exchanges")).toEqual(notFound);
  });

  it("moves /exchange home and /exchange/{from} to the select view", () => {
    expect(shortcut("exchange")).toEqual(moved("/"));
    expect(shortcut("Exchange")).toEqual(moved("/"));
    expect(shortcut("exchange", "btc")).toEqual(moved("/BTC"));
    expect(shortcut("exchange", "NOPE")).toEqual(notFound);
  });
});

describe("exchange page addresses", () => {
  const canonical = { send: "BTC", receive: "SBERRUB" };

  it("stay put when they are the pair's own", () => {
    expect(exchangeRedirect({ from: "BTC", to: "SBERRUB" }, canonical)).toBeNull();
  });

  it("move for another spelling or any suffix", () => {
    const path = "/exchange/BTC/SBERRUB";
    expect(exchangeRedirect({ from: "btc", to: "SBERRUB" }, canonical)).toBe(path);
    expect(exchangeRedirect({ from: "BTC", to: "SBERRUB", suffix: "promo" }, canonical)).toBe(path);
    expect(exchangeRedirect({ from: "BTC", to: "SBERRUB", suffix: "" }, canonical)).toBe(path);
  });
});
