import type { AdminPair } from "@obmen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshBoundSources } from "../../../src/rates/rate-jobs.ts";
import {
  type AdminTestApi,
  adminCall,
  signInEveryRole,
  startAdminApi,
} from "../../admin/support/admin-kit.ts";
import { type FakeRateSources, startFakeRateSources } from "../support/fake-rate-sources.ts";

describe("a pair holding position 2 on the monitor", () => {
  let api: AdminTestApi;
  let fake: FakeRateSources;
  let cookie: string;
  let pairId: number;
  const rates = () => ({
    urls: fake.urls,
    refreshSeconds: 0.001,
    maxJumpPercent: "25",
    silentAlertSeconds: 600,
    monitor: { baseUrl: fake.monitorUrl, apiKey: "test-key", ownChanger: 77 },
  });
  const refresh = () =>
    refreshBoundSources({
      ...rates(),
      db: api.db,
      catalogueChanges: api.catalogueChanges,
      appUrl: "https://obmen.example/",
      log: { info() {}, warn() {} },
    });
  const pair = async (): Promise<AdminPair> =>
    (await adminCall(api, "GET", "/admin/api/pairs", { cookie })).body.data.items.find(
      (item: AdminPair) => item.id === pairId,
    );

  beforeAll(async () => {
    fake = await startFakeRateSources();
    api = await startAdminApi({ rates: rates() });
    cookie = (await signInEveryRole(api)).operator;
    const pairs = await adminCall(api, "GET", "/admin/api/pairs", { cookie });
    pairId = pairs.body.data.items.find(
      (item: AdminPair) =>
        item.send_currency.url_xml === "BTC" && item.receive_currency.url_xml === "SBERRUB",
    ).id;
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });

  it("beats the competitor at place 2, ignoring the listed exchanger and ourselves", async () => {
    // Real: 91234.505 × 78.9013 = 7198521.0493565; 3 % markup → 6982565.4 (worst);
    // 0.5 % minimum margin → 7162528.4 (best for the customer).
    fake.setOffers([
      { changer: 312, rate: "7190000" }, // ignored
      { changer: 1107, rate: "7150000" },
      { changer: 77, rate: "7149000" }, // ourselves
      { changer: 845, rate: "7120000.5" },
      { changer: 9, rate: "7000000" },
    ]);
    const bound = await adminCall(api, "PATCH", `/admin/api/pairs/${pairId}`, {
      cookie,
      body: {
        rate_source: "binance:BTCUSDT*cbr:USDRUB",
        markup_percent: "3",
        freshness_seconds: 60,
        monitor: { from: 93, to: 42, position: 2, step: "0.5", min_margin: "0.5", ignored: [312] },
      },
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    // No quote fetched yet: out of service until the refresh brings the quotes and offers.
    expect(bound.body.data.automatic_rate).toMatchObject({
      in_service: false,
      monitor: { competitor: null },
    });
    await refresh();
    expect(await pair()).toMatchObject({
      receive_rate: "7120001",
      automatic_rate: {
        monitor: { position: 2, competitor: 845, competitor_position: 2, ignored: [312] },
      },
    });
  });

  it("a competitor's undercut never takes it past the minimum margin", async () => {
    fake.setOffers([
      { changer: 1107, rate: "7300000" },
      { changer: 845, rate: "7250000" },
    ]);
    await refresh();
    expect(await pair()).toMatchObject({
      receive_rate: "7162528.4",
      automatic_rate: { monitor: { competitor: 845, competitor_position: 2 } },
    });
  });

  it("stops following with monitor null: the markup again", async () => {
    const result = await adminCall(api, "PATCH", `/admin/api/pairs/${pairId}`, {
      cookie,
      body: { monitor: null },
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      receive_rate: "6982565.4",
      automatic_rate: { monitor: null },
    });
  });
});
