import type { AdminPair } from "@obmen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminTestApi,
  adminCall,
  signInEveryRole,
  startAdminApi,
} from "../admin/support/admin-kit.ts";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import { callApi } from "../support/test-api.ts";
import { type FakeRateSources, startFakeRateSources } from "./support/fake-rate-sources.ts";

const REFRESH_SECONDS = 1;
const FRESHNESS_SECONDS = 3;

/** Polls until `check` passes (it throws until then), for at most `ms`. */
async function eventually<T>(check: () => Promise<T>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe("automatic rates: a local fake source drives a pair", () => {
  let api: AdminTestApi;
  let fake: FakeRateSources;
  let cookie: string;
  let pair: AdminPair;

  beforeAll(async () => {
    fake = await startFakeRateSources();
    api = await startAdminApi({
      jobs: true,
      rates: {
        urls: fake.urls,
        refreshSeconds: REFRESH_SECONDS,
        maxJumpPercent: "25",
        silentAlertSeconds: 600,
      },
    });
    cookie = (await signInEveryRole(api)).operator;
    const pairs = await adminCall(api, "GET", "/admin/api/pairs", { cookie });
    pair = pairs.body.data.items.find(
      (item: AdminPair) =>
        item.send_currency.url_xml === "BTC" && item.receive_currency.url_xml === "SBERRUB",
    );
    expect(pair).toMatchObject({ send_rate: "1", automatic_rate: null });
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });

  const publicPair = async () => findPair(await listPairs(api.app), "BTC", "SBERRUB");
  /** The BTC → SBERRUB item's `out` in rates.xml, or null when the export leaves it out. */
  const exportedOut = async () => {
    const xml = (await api.app.inject({ method: "GET", url: "/rates.xml" })).body as string;
    const item = xml
      .split("<item>")
      .find((part) => part.includes("<from>BTC</from>") && part.includes("<to>SBERRUB</to>"));
    return item ? (/<out>([^<]+)<\/out>/.exec(item)?.[1] ?? null) : null;
  };

  it("previews a cross rate before saving: exact, 1.5 % less for the customer", async () => {
    const preview = await adminCall(api, "POST", "/admin/api/rate-sources/preview", {
      cookie,
      body: { rate_source: "binance:BTCUSDT*cbr:USDRUB", markup_percent: "1.5", pair_id: pair.id },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({
      side: "receive",
      // 91234.505 (bid/ask midpoint) × 78.9013
      real_rate: "7198521.0493565",
      send_rate: "1",
      // × 0.985, rounded down to eight significant digits
      receive_rate: "7090543.2",
      quotes: [
        { quote: "binance:BTCUSDT", value: "91234.505" },
        { quote: "cbr:USDRUB", value: "78.9013" },
      ],
    });
    // Nothing was saved.
    expect((await publicPair()).rate.receive_rate).toBe(pair.receive_rate);
  });

  it("refuses a bad formula, an unknown quote and a markup out of range, changing nothing", async () => {
    for (const [body, field] of [
      [{ rate_source: "kraken:BTCUSD" }, "rate_source"],
      [{ rate_source: "binance:BTCUSDT*" }, "rate_source"],
      [{ rate_source: "binance:BTCUSDT", markup_percent: "100" }, "markup_percent"],
      [{ rate_source: "binance:BTCUSDT", markup_percent: "-1" }, "markup_percent"],
      [{ rate_source: "binance:BTCUSDT", max_jump_percent: "0" }, "max_jump_percent"],
      [{ markup_percent: "1" }, "rate_source"],
    ] as const) {
      const result = await adminCall(api, "PATCH", `/admin/api/pairs/${pair.id}`, { cookie, body });
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(result.body.error.fields)).toContain(field);
    }
    const unknown = await adminCall(api, "POST", "/admin/api/rate-sources/preview", {
      cookie,
      body: { rate_source: "binance:NOPEUSDT" },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields.rate_source).toContain("binance:NOPEUSDT");
    const list = await adminCall(api, "GET", "/admin/api/pairs", { cookie });
    expect(list.body.data.items.find((item: AdminPair) => item.id === pair.id)).toMatchObject({
      receive_rate: pair.receive_rate,
      automatic_rate: null,
    });
  });

  it("binds the pair: the pair list, the exchange data and rates.xml show the applied rate", async () => {
    const bound = await adminCall(api, "PATCH", `/admin/api/pairs/${pair.id}`, {
      cookie,
      body: {
        rate_source: "binance:BTCUSDT*cbr:USDRUB",
        markup_percent: "1.5",
        freshness_seconds: FRESHNESS_SECONDS,
      },
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.data).toMatchObject({
      send_rate: "1",
      receive_rate: "7090543.2",
      receive_rate_real: "7198521.0493565",
      markup_percent: "1.5",
      automatic_rate: {
        rate_source: "binance:BTCUSDT*cbr:USDRUB",
        markup_percent: "1.5",
        freshness_seconds: FRESHNESS_SECONDS,
        side: "receive",
        in_service: true,
      },
    });
    expect((await publicPair()).rate).toMatchObject({
      send_rate: "1",
      receive_rate: "7090543.2",
    });
    expect(await exportedOut()).toBe("7090543.2");
    const sources = await adminCall(api, "GET", "/admin/api/rate-sources", { cookie });
    expect(sources.body.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: "binance", in_use: true, quote_count: 2, last_error: null }),
        expect.objectContaining({ id: "cbr", in_use: true, quote_count: 7 }),
        expect.objectContaining({ id: "ecb", in_use: false, last_good_at: null }),
      ]),
    );
  });

  let orderId: string;
  it("the market moves: within the refresh interval the list and rates.xml follow; orders keep their rate", async () => {
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(await publicPair(), { send_amount: "0.01" }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    orderId = created.body.data.exchange_uuid;

    fake.setBook("BTCUSDT", "92000", "92000.02");
    const movedAt = Date.now();
    await eventually(async () => {
      expect((await publicPair()).rate.receive_rate).toBe("7150036.5");
    }, 5_000);
    // One interval, plus the job runner's polling and a fetch.
    expect(Date.now() - movedAt).toBeLessThan(REFRESH_SECONDS * 1000 + 2_500);
    expect(await exportedOut()).toBe("7150036.5");
    const info = await callApi(api.app, "/rest/exchange/info", { exchange_uuid: orderId });
    expect(info.body.data.rate).toMatchObject({ receive_rate: "7090543.2" });
    // The exchange page's sparkline: the public history, one point per half hour at most.
    const publicHistory = await callApi(api.app, "/rest/currency_pair/rate_history", {
      currency_pairs_in_service_id: pair.id,
    });
    expect(publicHistory.status).toBe(200);
    expect(publicHistory.body.data.points.at(-1)).toMatchObject({
      send_rate: "1",
      receive_rate: "7150036.5",
    });
    const history = await adminCall(api, "GET", `/admin/api/pairs/${pair.id}/rate-history`, {
      cookie,
    });
    expect(
      history.body.data.items.map((point: { receive_rate: string }) => point.receive_rate),
    ).toEqual(expect.arrayContaining(["7090543.2", "7150036.5"]));
  });

  it("the source goes silent: the pair leaves service after its freshness limit, then returns", async () => {
    const form = createForm(await publicPair(), { send_amount: "0.01" });
    fake.silence("binance");
    await eventually(
      async () => {
        const ids = (await listPairs(api.app)).map((entry) => entry.id);
        expect(ids).not.toContain(pair.id);
      },
      (FRESHNESS_SECONDS + 3) * 1000,
    );
    expect(await exportedOut()).toBeNull();
    const noHistory = await callApi(api.app, "/rest/currency_pair/rate_history", {
      currency_pairs_in_service_id: pair.id,
    });
    expect(noHistory.status).toBe(404);
    const refused = await callApi(api.app, "/rest/exchange/create", form);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("PAIR_INACTIVE");
    const sources = await adminCall(api, "GET", "/admin/api/rate-sources", { cookie });
    const binance = sources.body.data.items.find((item: { id: string }) => item.id === "binance");
    expect(binance.last_error).toMatch(/HTTP 503/);
    expect(binance.age_seconds).toBeGreaterThanOrEqual(FRESHNESS_SECONDS - 1);

    fake.silence("binance", false);
    await eventually(async () => {
      expect((await publicPair()).rate.receive_rate).toBe("7150036.5");
    }, 5_000);
    expect(await exportedOut()).toBe("7150036.5");
  });

  it("returns the pair to typed rates with rate_source null", async () => {
    const manual = await adminCall(api, "PATCH", `/admin/api/pairs/${pair.id}`, {
      cookie,
      body: { rate_source: null },
    });
    expect(manual.status).toBe(200);
    expect(manual.body.data).toMatchObject({ automatic_rate: null, receive_rate: "7150036.5" });
    fake.setBook("BTCUSDT", "99000", "99000.02");
    await new Promise((resolve) => setTimeout(resolve, (REFRESH_SECONDS + 1) * 1000));
    expect((await publicPair()).rate.receive_rate).toBe("7150036.5");
  });
});
