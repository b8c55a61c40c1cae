import { describe, expect, it } from "vitest";
import { legacyPairTarget } from "./legacy-pair-query.ts";
import { siteRedirectTarget } from "./site-redirect.ts";

const at = (path: string) => new URL(path, "http://obmen.test");

describe("old-style pair query (spec §2)", () => {
  it("moves cur_from and cur_to to the exchange path, keeping the other parameters", () => {
    expect(legacyPairTarget(at("/?cur_from=BTC&cur_to=SBERRUB"))).toBe("/exchange/BTC/SBERRUB");
    expect(legacyPairTarget(at("/about?utm_source=x&cur_from=btc&cur_to=eth&rid=7"))).toBe(
      "/exchange/btc/eth?utm_source=x&rid=7",
    );
  });

  it("stays in the page's language", () => {
    expect(legacyPairTarget(at("/en?cur_from=BTC&cur_to=ETH"))).toBe("/en/exchange/BTC/ETH");
    expect(legacyPairTarget(at("/uk/faq?cur_to=ETH&cur_from=BTC&a=1"))).toBe(
      "/uk/exchange/BTC/ETH?a=1",
    );
  });

  it("sends cur_from alone to the currency shortcut", () => {
    expect(legacyPairTarget(at("/en/rules?cur_from=BTC&x=y"))).toBe("/en/BTC?x=y");
  });

  it("drops cur_to alone and values that cannot be a currency code", () => {
    expect(legacyPairTarget(at("/en/rules?cur_to=BTC&x=y"))).toBe("/en/rules?x=y");
    expect(legacyPairTarget(at("/?cur_from=..&cur_to=ETH"))).toBe("/");
    expect(legacyPairTarget(at("/about?cur_from=a%2Fb&cur_to=%2F%2Fevil.example"))).toBe("/about");
    expect(legacyPairTarget(at("/about?cur_from=&cur_to=ETH"))).toBe("/about");
  });

  it("leaves URLs without the old parameters alone", () => {
    expect(legacyPairTarget(at("/"))).toBeNull();
    expect(legacyPairTarget(at("/news?page=2"))).toBeNull();
  });
});

describe("site redirects in one hop", () => {
  it("lower-cases the language prefix and keeps the query", () => {
    expect(siteRedirectTarget(at("/EN/about?page=2"))).toBe("/en/about?page=2");
    expect(siteRedirectTarget(at("/ru/faq"))).toBe("/faq");
  });

  it("applies both rules at once, never a chain", () => {
    expect(siteRedirectTarget(at("/UK/about?cur_from=BTC&cur_to=ETH&k=v"))).toBe(
      "/uk/exchange/BTC/ETH?k=v",
    );
    expect(siteRedirectTarget(at("/RU?cur_from=BTC&cur_to=ETH"))).toBe("/exchange/BTC/ETH");
  });

  it("answers null for a canonical URL", () => {
    expect(siteRedirectTarget(at("/en/exchange/BTC/ETH?x=1"))).toBeNull();
    expect(siteRedirectTarget(at("/"))).toBeNull();
  });
});
