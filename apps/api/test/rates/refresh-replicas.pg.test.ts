import {
  createTestDatabase,
  currencies,
  currencyPairs,
  type DatabaseHandle,
  openDatabase,
  seedDemoCatalogue,
  type TestDatabase,
} from "@obmen/db";
import { and, eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalCatalogueChanges } from "../../src/catalogue/catalogue-changes.ts";
import { startJobRunner } from "../../src/jobs/start-job-runner.ts";
import { refreshBoundSources, registerRateJobs } from "../../src/rates/rate-jobs.ts";
import { type FakeRateSources, startFakeRateSources } from "./support/fake-rate-sources.ts";

const log = { info() {}, warn() {}, error() {} };

describe("two replicas on one PostgreSQL fetch a source once per interval", () => {
  let database: TestDatabase;
  let replicas: DatabaseHandle[];
  let fake: FakeRateSources;
  const runners: PgBoss[] = [];

  beforeAll(async () => {
    fake = await startFakeRateSources();
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    const [btc] = await database.db.select().from(currencies).where(eq(currencies.urlXml, "BTC"));
    const [sber] = await database.db
      .select()
      .from(currencies)
      .where(eq(currencies.urlXml, "SBERRUB"));
    await database.db
      .update(currencyPairs)
      .set({ rateSource: "binance:BTCUSDT*cbr:USDRUB", markupPercent: "1.5", freshnessSeconds: 60 })
      .where(
        and(
          eq(currencyPairs.sendCurrencyId, btc!.id),
          eq(currencyPairs.receiveCurrencyId, sber!.id),
        ),
      );
    // Each replica with its own pool, as two server processes have.
    replicas = await Promise.all(
      [0, 1].map(() => openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" })),
    );
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop({ graceful: false });
    for (const replica of replicas ?? []) await replica.close();
    await database?.close();
    await fake?.close();
  });

  const options = (replica: DatabaseHandle) => ({
    db: replica.db,
    catalogueChanges: createLocalCatalogueChanges(),
    appUrl: "http://localhost/",
    log,
    urls: fake.urls,
    refreshSeconds: 2,
    maxJumpPercent: "25",
    silentAlertSeconds: 600,
  });

  it("runs started together fetch once", async () => {
    for (let round = 0; round < 3; round++) {
      await Promise.all(replicas.map((replica) => refreshBoundSources(options(replica))));
    }
    // Three rounds inside one interval: one fetch of each source, not six.
    expect(fake.fetchesOf("binance")).toHaveLength(1);
    expect(fake.fetchesOf("cbr")).toHaveLength(1);
  });

  it("the recurring job on both replicas keeps to one fetch per interval", async () => {
    const before = fake.fetchesOf("binance").length;
    for (const replica of replicas) {
      const boss = await startJobRunner({ handle: replica });
      runners.push(boss);
      await registerRateJobs({ ...options(replica), boss, pollingIntervalSeconds: 0.5 });
    }
    const seconds = 9;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const times = fake.fetchesOf("binance").slice(before);
    // About one per 2 s interval (the first may come at once), never two in one interval.
    expect(times.length).toBeGreaterThanOrEqual(3);
    expect(times.length).toBeLessThanOrEqual(Math.ceil(seconds / 2) + 1);
    const all = fake.fetchesOf("binance");
    for (let index = 1; index < all.length; index++) {
      expect(all[index]! - all[index - 1]!).toBeGreaterThanOrEqual(2 * 900 - 50);
    }
  });
});
