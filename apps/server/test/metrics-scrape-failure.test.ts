import type { Database } from "@obmen/db";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registerBusinessMetrics } from "../src/metrics/register-business-metrics.ts";

describe("a scrape while the database does not answer", () => {
  it("still answers, says so in obmen_db_scrape_success, and reads (and fails) once", async () => {
    let reads = 0;
    const failures: unknown[] = [];
    const database = {
      execute: () => {
        reads += 1;
        return Promise.reject(new Error("connection refused"));
      },
    } as unknown as Database;
    const registry = new Registry();
    registerBusinessMetrics(registry, { db: database, onError: (error) => failures.push(error) });

    const text = await registry.metrics();
    expect(text).toContain("obmen_db_scrape_success 0");
    expect(text).not.toMatch(/^obmen_orders\{/m);
    expect(text).not.toMatch(/^obmen_reserve_available\{/m);
    // One read shared by the scrape's figures (its six statements), not one per figure.
    expect(failures).toHaveLength(1);
    expect(reads).toBe(6);

    await registry.metrics();
    expect(failures).toHaveLength(2);
  });
});
