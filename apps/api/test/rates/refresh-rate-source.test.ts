import {
  consoleSettings,
  createTestDatabase,
  currencies,
  currencyPairs,
  operatorAlerts,
  rateQuotesLatest,
  rateSources,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalCatalogueChanges } from "../../src/catalogue/catalogue-changes.ts";
import { applyPairRates } from "../../src/rates/apply-pair-rates.ts";
import { refreshBoundSources } from "../../src/rates/rate-jobs.ts";
import { type FakeRateSources, startFakeRateSources } from "./support/fake-rate-sources.ts";

const warnings: string[] = [];
const log = { info() {}, warn: (_details: unknown, message: string) => warnings.push(message) };

describe("refreshing sources: refusals, jumps and held rates", () => {
  let database: TestDatabase;
  let fake: FakeRateSources;
  let pairId: number;
  let publishes = 0;
  const changes = createLocalCatalogueChanges();
  changes.subscribe(() => publishes++);

  /** One run of the job, each source claimable at once (an interval of a millisecond). */
  const refresh = () =>
    refreshBoundSources({
      db: database.db,
      catalogueChanges: changes,
      appUrl: "https://obmen.example/",
      log,
      urls: fake.urls,
      refreshSeconds: 0.001,
      maxJumpPercent: "25",
      silentAlertSeconds: 600,
    });
  const quote = async (symbol: string) =>
    (
      await database.db
        .select()
        .from(rateQuotesLatest)
        .where(and(eq(rateQuotesLatest.source, "binance"), eq(rateQuotesLatest.symbol, symbol)))
    )[0]!;
  const pair = async () =>
    (await database.db.select().from(currencyPairs).where(eq(currencyPairs.id, pairId)))[0]!;

  beforeAll(async () => {
    fake = await startFakeRateSources();
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    // Someone to tell, so alerts are written.
    await database.db
      .insert(consoleSettings)
      .values({ key: "alerts", value: { emails: ["duty@obmen.example"] } });
    const [btc] = await database.db.select().from(currencies).where(eq(currencies.urlXml, "BTC"));
    const [usdt] = await database.db
      .select()
      .from(currencies)
      .where(eq(currencies.urlXml, "USDTTRC20"));
    const [row] = await database.db
      .update(currencyPairs)
      .set({
        rateSource: "binance:BTCUSDT",
        markupPercent: "1",
        freshnessSeconds: 60,
        maxJumpPercent: "5",
        rateFreshUntil: new Date(),
      })
      .where(
        and(
          eq(currencyPairs.sendCurrencyId, btc!.id),
          eq(currencyPairs.receiveCurrencyId, usdt!.id),
        ),
      )
      .returning();
    pairId = row!.id;
  });
  afterAll(async () => {
    await database?.close();
    await fake?.close();
  });

  it("a good fetch stores the quotes and applies the bound pair", async () => {
    await refresh();
    expect((await quote("BTCUSDT")).value).toBe("91234.505");
    // 91234.505 × 0.99, rounded down to eight significant digits.
    expect(await pair()).toMatchObject({
      sendRate: "1",
      receiveRate: "90322.159",
      receiveRateReal: "91234.505",
    });
    expect(publishes).toBe(1);
  });

  it("a refused fetch keeps the last good quote and says why", async () => {
    const before = await quote("BTCUSDT");
    fake.silence("binance");
    await refresh();
    fake.silence("binance", false);
    expect(await quote("BTCUSDT")).toEqual(before);
    const [source] = await database.db
      .select()
      .from(rateSources)
      .where(eq(rateSources.id, "binance"));
    expect(source!.lastError).toMatch(/binance: HTTP 503/);
    expect(warnings).toContain("rate source refused: last good quotes kept");
    // The source had a good fetch a moment ago: not silent yet.
    expect(await database.db.select().from(operatorAlerts)).toEqual([]);
  });

  it("a source quote jumping beyond RATES_MAX_JUMP_PERCENT waits for the next fetch", async () => {
    fake.setBook("ETHUSDT", "6000", "6000.02");
    await refresh();
    expect(await quote("ETHUSDT")).toMatchObject({ value: "3112.835", suspectValue: "6000.01" });
    expect(warnings).toContain("rate quote jumped beyond the bound: waits for the next fetch");
    await refresh();
    expect(await quote("ETHUSDT")).toMatchObject({ value: "6000.01", suspectValue: null });
  });

  it("a real rate moving beyond the pair's bound is held, alerted, then applied when confirmed", async () => {
    const kept = await pair();
    fake.setBook("BTCUSDT", "100000", "100000.02");
    publishes = 0;
    await refresh();
    expect(await pair()).toMatchObject({
      receiveRate: kept.receiveRate,
      heldRealRate: "100000.01",
      heldCount: 1,
    });
    expect(publishes).toBe(0);
    const alerts = await database.db.select().from(operatorAlerts);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: "rate_jump" });
    expect(alerts[0]!.text).toContain("100000.01");

    // The next fetch gives the same market: confirmed and applied.
    await refresh();
    expect(await pair()).toMatchObject({
      receiveRate: "99000.009",
      receiveRateReal: "100000.01",
      heldRealRate: null,
      heldCount: 0,
    });
    expect(publishes).toBe(1);
  });

  it("an operator confirms a held rate before the next fetch", async () => {
    fake.setBook("BTCUSDT", "80000", "80000.02");
    await refresh();
    expect((await pair()).heldRealRate).toBe("80000.01");
    await database.db.transaction((tx) => applyPairRates({ tx, pairIds: [pairId], confirm: true }));
    expect(await pair()).toMatchObject({ receiveRateReal: "80000.01", heldRealRate: null });
  });

  it("a source that never answers well raises one silent-source alert", async () => {
    await database.db
      .update(currencyPairs)
      .set({ rateSource: "binance:BTCUSDT*ecb:EURUSD" })
      .where(eq(currencyPairs.id, pairId));
    fake.silence("ecb");
    await refresh();
    await refresh();
    const silent = await database.db
      .select()
      .from(operatorAlerts)
      .where(eq(operatorAlerts.kind, "rate_source_silent"));
    expect(silent).toHaveLength(1);
    expect(silent[0]!.text).toContain("ecb");
  });
});
