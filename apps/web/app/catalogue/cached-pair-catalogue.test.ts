import type { CurrencyPairEntry } from "@obmen/contracts";
import type { ObmenClient } from "@obmen/contracts/sdk";
import { describe, expect, it } from "vitest";
import { createLoadContext } from "../web-context.server.ts";
import { cachedPairCatalogue, PAIR_CATALOGUE_TTL_MS } from "./cached-pair-catalogue.server.ts";

const BTC = {
  id: 1,
  pay_system: { name: "Bitcoin", icon: "/icons/btc.svg", network_code: "BTC" },
  currency_code: { name: "BTC" },
  url_xml: "BTC",
  kind: "crypto",
  currency_in_services: {
    reserve: { name: "BTC", reserve: "2" },
    decimal: 8,
    min_send_sum: null,
    max_send_sum: null,
    min_receive_sum: null,
    max_receive_sum: null,
    send_limit: { min_send_sum: null, max_send_sum: null },
  },
} satisfies CurrencyPairEntry["currency_pair"]["send_currency"];
const ETH = { ...BTC, id: 2, url_xml: "ETH", currency_code: { name: "ETH" } };
const entry = (receive_rate: string): CurrencyPairEntry => ({
  id: 1,
  rate: {
    send_rate: "1",
    receive_rate,
    send_rate_real: "1",
    receive_rate_real: receive_rate,
    comission_amount: "0",
  },
  currency_pair: { send_currency: BTC, receive_currency: ETH },
  fields: [],
});

/** A request context whose API answers from `answers`, counting the calls. */
function fakeApi(answers: (() => Promise<CurrencyPairEntry[]>)[]) {
  const calls: string[] = [];
  const api = {
    currencyPairs: {
      list: ({ lang }: { lang: string }) => {
        calls.push(lang);
        return answers[calls.length - 1]!();
      },
    },
  } as unknown as ObmenClient;
  return {
    calls,
    context: () =>
      createLoadContext({
        api,
        clientIp: "203.0.113.1",
        appOrigin: "http://localhost",
        widgets: {},
        log: { warn: () => {}, error: () => {} },
      }),
  };
}

describe("the pair catalogue cache", () => {
  it("serves one locale's list for a second, then asks the API again", async () => {
    const { calls, context } = fakeApi([async () => [entry("30")], async () => [entry("31")]]);
    const start = 1_000_000;
    const first = await cachedPairCatalogue(context(), "en", start);
    const again = await cachedPairCatalogue(context(), "en", start + PAIR_CATALOGUE_TTL_MS - 1);
    expect(again).toBe(first);
    expect(calls).toEqual(["en"]);
    const later = await cachedPairCatalogue(context(), "en", start + PAIR_CATALOGUE_TTL_MS);
    expect(later.catalogue.pairs[0]?.rate).toBe("1\u00a0BTC = 31\u00a0ETH");
    expect(JSON.parse(later.json)).toEqual(later.catalogue);
    expect(calls).toEqual(["en", "en"]);
  });

  it("shares one call between requests that arrive while it loads", async () => {
    let release: (entries: CurrencyPairEntry[]) => void = () => {};
    const { calls, context } = fakeApi([() => new Promise((resolve) => (release = resolve))]);
    const start = 2_000_000;
    const one = cachedPairCatalogue(context(), "uk", start);
    const two = cachedPairCatalogue(context(), "uk", start + 10);
    release([entry("30")]);
    expect(await two).toBe(await one);
    expect(calls).toEqual(["uk"]);
  });

  it("keeps locales apart and does not keep a failure", async () => {
    const { calls, context } = fakeApi([
      async () => {
        throw new Error("API down");
      },
      async () => [entry("30")],
    ]);
    const start = 3_000_000;
    await expect(cachedPairCatalogue(context(), "ru", start)).rejects.toThrow("API down");
    const next = await cachedPairCatalogue(context(), "ru", start + 1);
    expect(next.catalogue.pairs[0]?.rate).toBe("1\u00a0BTC = 30\u00a0ETH");
    expect(calls).toEqual(["ru", "ru"]);
  });
});
