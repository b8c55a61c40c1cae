import { createTestDatabase, rateSources } from "@obmen/db";
import { Registry } from "prom-client";
import { afterAll, describe, expect, it } from "vitest";
import { registerBusinessMetrics } from "../src/metrics/register-business-metrics.ts";

describe("obmen_rate_source_age_seconds", () => {
  const opened = createTestDatabase();
  afterAll(async () => (await opened).close());

  it("reports each fetched source's seconds since its last good fetch", async () => {
    const { db } = await opened;
    await db.insert(rateSources).values([
      { id: "cbr", lastGoodAt: new Date(Date.now() - 42_000) },
      { id: "binance", lastGoodAt: null, lastError: "binance: HTTP 503" },
    ]);
    const registry = new Registry();
    registerBusinessMetrics(registry, { db, onError: (error) => expect.fail(String(error)) });
    const text = await registry.metrics();
    const age = /obmen_rate_source_age_seconds\{source="cbr"\} ([\d.]+)/.exec(text)?.[1];
    expect(Number(age)).toBeGreaterThanOrEqual(42);
    expect(Number(age)).toBeLessThan(60);
    // Never fetched well: no sample (the silent-source alert covers it), rather than a fake age.
    expect(text).not.toContain('source="binance"');
  });
});
