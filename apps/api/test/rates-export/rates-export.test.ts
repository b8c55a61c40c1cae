import { currencies, currencyPairs, type Database } from "@obmen/db";
import { quoteReceive } from "@obmen/domain";
import Big from "big.js";
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdReserve, releaseAllHolds } from "../reserves/hold-reserve.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";
import { childElements, parseXml, textOf } from "./parse-xml.ts";

const REQUIRED = ["from", "to", "in", "out", "amount", "minamount", "maxamount"];
const OPTIONAL_IN_ORDER = ["tofee", "param"];
/** A canonical decimal: point, no exponent, no sign, no leading or trailing zeros. */
const DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

type XmlItem = Partial<Record<string, string>>;

/** Parses the export strictly: UTF-8, declaration, one <rates> root, item children in order. */
function readXmlItems(response: LightMyRequestResponse): XmlItem[] {
  const text = new TextDecoder("utf-8", { fatal: true }).decode(response.rawPayload);
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n')).toBe(true);
  const root = parseXml(text);
  expect(root.name).toBe("rates");
  return childElements(root).map((item) => {
    expect(item.name).toBe("item");
    const children = childElements(item);
    const names = children.map((child) => child.name);
    expect(names.slice(0, REQUIRED.length)).toEqual(REQUIRED);
    const optional = names.slice(REQUIRED.length);
    expect(optional).toEqual(OPTIONAL_IN_ORDER.filter((name) => optional.includes(name)));
    return Object.fromEntries(children.map((child) => [child.name, textOf(child)]));
  });
}

/** Active pairs of active currencies, straight from the tables. */
async function activePairs(db: Database) {
  const send = alias(currencies, "send");
  const receive = alias(currencies, "receive");
  const rows = await db
    .select({ pair: currencyPairs, send, receive })
    .from(currencyPairs)
    .innerJoin(send, eq(send.id, currencyPairs.sendCurrencyId))
    .innerJoin(receive, eq(receive.id, currencyPairs.receiveCurrencyId))
    .where(and(eq(currencyPairs.active, true), eq(send.active, true), eq(receive.active, true)));
  return new Map(rows.map((row) => [`${row.send.urlXml}>${row.receive.urlXml}`, row]));
}

const key = (item: { from?: string; to?: string }) => `${item.from}>${item.to}`;
const byKey = (items: XmlItem[]) => new Map(items.map((item) => [key(item), item]));
/** `0.001 BTC` → `["0.001", "BTC"]`, failing on anything else. */
function amountWithCode(text: string | undefined): [string, string] {
  const [amount, code, ...rest] = (text ?? "").split(" ");
  expect(rest).toEqual([]);
  expect(amount).toMatch(DECIMAL);
  return [amount!, code!];
}

describe("GET /rates.xml and /rates.json", () => {
  let api: TestApi;
  const get = (url: string, headers: Record<string, string> = {}) =>
    api.app.inject({ method: "GET", url, headers });
  const xmlItems = async () => {
    const response = await get("/rates.xml");
    expect(response.statusCode).toBe(200);
    return byKey(readXmlItems(response));
  };

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it("serves well-formed UTF-8 XML with one item per active pair in BestChange's shape", async () => {
    const response = await get("/rates.xml");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const items = readXmlItems(response);
    const pairs = await activePairs(api.db);
    expect(items.map(key).sort()).toEqual([...pairs.keys()].sort());
    expect(pairs.size).toBeGreaterThanOrEqual(60);
    // Paused by the operator in the demo catalogue.
    expect(items.map(key)).not.toContain("ETH>TBRUB");

    for (const item of items) {
      const { pair, send, receive } = pairs.get(key(item))!;
      expect([item.in, item.out]).toEqual([pair.sendRate, pair.receiveRate]);
      expect(item.amount).toMatch(DECIMAL);
      const [min, minCode] = amountWithCode(item.minamount);
      const [max, maxCode] = amountWithCode(item.maxamount);
      expect([minCode, maxCode]).toEqual([send.currencyCode, send.currencyCode]);
      expect(new Big(min).lte(max)).toBe(true);
      if (new Big(pair.comissionAmount).gt(0)) {
        expect(amountWithCode(item.tofee)).toEqual([pair.comissionAmount, receive.currencyCode]);
      } else {
        expect(item.tofee).toBeUndefined();
      }
      const touchesFiat = send.kind !== "crypto" || receive.kind !== "crypto";
      expect(item.param).toBe(touchesFiat ? "manual" : undefined);
    }
  });

  it("writes BTC→SBERRUB as in 1 / out rate, with the pair's minimum and the reserve's cap", async () => {
    const pairs = await activePairs(api.db);
    const { pair, receive } = pairs.get("BTC>SBERRUB")!;
    const item = (await xmlItems()).get("BTC>SBERRUB")!;
    expect(item).toMatchObject({
      from: "BTC",
      to: "SBERRUB",
      in: "1",
      out: pair.receiveRate,
      amount: "18500000",
      minamount: "0.001 BTC",
      param: "manual",
    });
    // The pair allows 2.5 BTC, but 2.5 BTC would pay out more than the 18.5M RUB reserve.
    expect(new Big(pair.maxSendSum!).times(pair.receiveRate).gt(receive.reserve)).toBe(true);
    const [max] = amountWithCode(item.maxamount);
    expect(new Big(max).lt(pair.maxSendSum!)).toBe(true);
    expectLargestSendWithin(pair, max, "0.00000001", receive.reserve, receive.decimals);
  });

  it("follows the limit fallback chain: pair, then currency send_limit, then 1 / 999999", async () => {
    let items = await xmlItems();
    // Pair rung, and the BTC reserve (2.1) capping the pair's 250000 USDT maximum.
    const usdtToBtc = items.get("USDTTRC20>BTC")!;
    expect(usdtToBtc.minamount).toBe("100 USDT");
    const [capped] = amountWithCode(usdtToBtc.maxamount);
    expect(new Big(capped).lt("250000")).toBe(true);
    const pairs = await activePairs(api.db);
    expectLargestSendWithin(pairs.get("USDTTRC20>BTC")!.pair, capped, "0.000001", "2.1", 8);
    // Currency rung: USDT's own send_limit (20..200000) when the pair sets none.
    expect(items.get("USDTTRC20>TRX")).toMatchObject({
      minamount: "20 USDT",
      maxamount: "200000 USDT",
    });
    expect(items.get("TRX>USDTTRC20")!.maxamount).toBe("700000 TRX");

    // Last rung: without any limit the maximum is 999999 (spec §5).
    const trx = eq(currencies.urlXml, "TRX");
    await api.db.update(currencies).set({ sendMin: null, sendMax: null }).where(trx);
    await api.catalogueChanges.publish();
    try {
      items = await xmlItems();
      expect(items.get("TRX>USDTTRC20")!.maxamount).toBe("999999 TRX");
      // 1 TRX would not even cover the 1 USDT payout fee, so the minimum rises above 1.
      const [min] = amountWithCode(items.get("TRX>USDTTRC20")!.minamount);
      expect(new Big(min).gt(1)).toBe(true);
    } finally {
      await api.db.update(currencies).set({ sendMin: "80", sendMax: "700000" }).where(trx);
      await api.catalogueChanges.publish();
    }
  });

  it("serves JSON with the same items, amounts as bare decimal strings", async () => {
    const response = await get("/rates.json");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const { rates } = response.json() as { rates: Record<string, string>[] };
    const fromXml = readXmlItems(await get("/rates.xml")).map((item) => {
      const json: XmlItem = { ...item };
      for (const field of ["minamount", "maxamount", "tofee"]) {
        if (item[field] !== undefined) json[field] = amountWithCode(item[field])[0];
      }
      return json;
    });
    expect(rates).toEqual(fromXml);
    for (const rate of rates) {
      for (const field of ["in", "out", "amount", "minamount", "maxamount"]) {
        expect(typeof rate[field]).toBe("string");
      }
    }
  });

  it("answers 304 to a matching If-None-Match, with a strong ETag per representation", async () => {
    for (const url of ["/rates.xml", "/rates.json"]) {
      const first = await get(url);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(first.headers["cache-control"]).toBe("public, max-age=5");

      const notModified = await get(url, { "if-none-match": etag });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers["cache-control"]).toBe("public, max-age=5");
      expect((await get(url, { "if-none-match": `"other", W/${etag}` })).statusCode).toBe(304);
      expect((await get(url, { "if-none-match": '"other"' })).statusCode).toBe(200);
    }
    const xml = await get("/rates.xml");
    const json = await get("/rates.json");
    expect(xml.headers.etag).not.toBe(json.headers.etag);
    const head = await api.app.inject({ method: "HEAD", url: "/rates.xml" });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(xml.headers.etag);
  });

  it("dates Last-Modified by the newest change and answers 304 to If-Modified-Since", async () => {
    // Settle the cache on the current body, then backdate every row without changing the body.
    await api.catalogueChanges.publish();
    await get("/rates.xml");
    await api.db.update(currencyPairs).set({ updatedAt: new Date("2024-01-02T03:04:05Z") });
    await api.db.update(currencies).set({ updatedAt: new Date("2024-01-02T03:04:05Z") });
    await api.catalogueChanges.publish();
    let response = await get("/rates.xml");
    expect(response.headers["last-modified"]).toBe("Tue, 02 Jan 2024 03:04:05 GMT");

    await api.db
      .update(currencies)
      .set({ updatedAt: new Date("2024-03-04T05:06:07.890Z") })
      .where(eq(currencies.urlXml, "BTC"));
    await api.catalogueChanges.publish();
    response = await get("/rates.json");
    const lastModified = response.headers["last-modified"] as string;
    expect(lastModified).toBe("Mon, 04 Mar 2024 05:06:07 GMT");

    for (const url of ["/rates.xml", "/rates.json"]) {
      expect((await get(url, { "if-modified-since": lastModified })).statusCode).toBe(304);
      const later = "Tue, 05 Mar 2024 00:00:00 GMT";
      expect((await get(url, { "if-modified-since": later })).statusCode).toBe(304);
      const earlier = "Mon, 04 Mar 2024 05:06:06 GMT";
      expect((await get(url, { "if-modified-since": earlier })).statusCode).toBe(200);
      expect((await get(url, { "if-modified-since": "not a date" })).statusCode).toBe(200);
      // If-None-Match decides when both are present.
      const both = { "if-modified-since": lastModified, "if-none-match": '"stale"' };
      expect((await get(url, both)).statusCode).toBe(200);
    }

    // A hold taken now is the newest change.
    const before = Date.now();
    await holdReserve(api.db, { urlXml: "BTC", amount: "0.01" });
    await api.catalogueChanges.publish();
    try {
      response = await get("/rates.xml");
      const heldAt = Date.parse(response.headers["last-modified"] as string);
      expect(heldAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(heldAt).toBeLessThanOrEqual(Date.now());
      const stale = { "if-modified-since": lastModified };
      expect((await get("/rates.xml", stale)).statusCode).toBe(200);
    } finally {
      await releaseAllHolds(api.db);
      await api.catalogueChanges.publish();
    }
  });

  it("keeps serving the cached export until a catalogue change; then a paused pair is gone", async () => {
    const before = await get("/rates.xml");
    expect(byKey(readXmlItems(before)).has("BTC>SBERRUB")).toBe(true);
    const btcToSber = (await activePairs(api.db)).get("BTC>SBERRUB")!.pair;
    await api.db
      .update(currencyPairs)
      .set({ active: false })
      .where(eq(currencyPairs.id, btcToSber.id));
    try {
      const cached = await get("/rates.xml");
      expect(cached.headers.etag).toBe(before.headers.etag);
      expect(cached.body).toBe(before.body);

      await api.catalogueChanges.publish();
      const after = await get("/rates.xml");
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(byKey(readXmlItems(after)).has("BTC>SBERRUB")).toBe(false);
      const json = (await get("/rates.json")).json() as { rates: XmlItem[] };
      expect(json.rates.map(key)).not.toContain("BTC>SBERRUB");
      expect(json.rates).toHaveLength(readXmlItems(after).length);
      // The old tag no longer validates.
      const revalidated = await get("/rates.xml", { "if-none-match": before.headers.etag! });
      expect(revalidated.statusCode).toBe(200);
    } finally {
      await api.db
        .update(currencyPairs)
        .set({ active: true })
        .where(eq(currencyPairs.id, btcToSber.id));
      await api.catalogueChanges.publish();
    }
  });

  it("counts held reserve out of <amount> and the limits; a drained reserve drops its directions", async () => {
    const paysBtc = (items: Map<string, XmlItem>) =>
      [...items.values()].filter((item) => item.to === "BTC");
    const before = await xmlItems();
    expect(paysBtc(before).map((item) => item.amount)).toEqual(paysBtc(before).map(() => "2.1"));

    await holdReserve(api.db, { urlXml: "BTC", amount: "0.5" });
    await holdReserve(api.db, { urlXml: "BTC", amount: "0.3", state: "released" });
    await holdReserve(api.db, { urlXml: "BTC", amount: "0.2", state: "consumed" });
    await api.catalogueChanges.publish();
    try {
      const held = await xmlItems();
      expect(paysBtc(held).length).toBe(paysBtc(before).length);
      for (const item of paysBtc(held)) expect(item.amount).toBe("1.6");
      const [maxBefore] = amountWithCode(before.get("USDTTRC20>BTC")!.maxamount);
      const [maxHeld] = amountWithCode(held.get("USDTTRC20>BTC")!.maxamount);
      expect(new Big(maxHeld).lt(maxBefore)).toBe(true);
      const pair = (await activePairs(api.db)).get("USDTTRC20>BTC")!.pair;
      expectLargestSendWithin(pair, maxHeld, "0.000001", "1.6", 8);

      // Below the 0.0005 BTC minimum payout nobody can be served: BestChange must not list it.
      await holdReserve(api.db, { urlXml: "BTC", amount: "1.5996" });
      await api.catalogueChanges.publish();
      const drained = await xmlItems();
      expect(paysBtc(drained)).toEqual([]);
      expect(drained.has("BTC>USDTTRC20")).toBe(true);
    } finally {
      await releaseAllHolds(api.db);
      await api.catalogueChanges.publish();
    }
    const released = await xmlItems();
    for (const item of paysBtc(released)) expect(item.amount).toBe("2.1");
  });

  it("leaves out every pair of a deactivated currency", async () => {
    const doge = eq(currencies.urlXml, "DOGE");
    await api.db.update(currencies).set({ active: false }).where(doge);
    await api.catalogueChanges.publish();
    try {
      const keys = [...(await xmlItems()).keys()];
      expect(keys.filter((k) => k.includes("DOGE"))).toEqual([]);
      expect(keys.length).toBe((await activePairs(api.db)).size);
    } finally {
      await api.db.update(currencies).set({ active: true }).where(doge);
      await api.catalogueChanges.publish();
    }
  });
});

/**
 * `max` is the largest send on the send grid whose payout fits `limit`: an independent check of
 * the reserve cap through the domain's quote, not through resolveLimits itself.
 */
function expectLargestSendWithin(
  pair: typeof currencyPairs.$inferSelect,
  max: string,
  sendUnit: string,
  limit: string,
  receiveDecimals: number,
) {
  const rate = {
    send_rate: pair.sendRate,
    receive_rate: pair.receiveRate,
    comission_amount: pair.comissionAmount,
  };
  const receiveAt = (send: string) =>
    new Big(quoteReceive({ rate, sendAmount: send, receiveDecimals }).receiveAmount);
  expect(receiveAt(max).lte(limit)).toBe(true);
  expect(receiveAt(new Big(max).plus(sendUnit).toFixed()).gt(limit)).toBe(true);
}
