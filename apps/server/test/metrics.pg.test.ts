import { createTestDatabase, type TestDatabase } from "@obmen/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src/start-server.ts";
import {
  dashboardMetricNames,
  EXPECTED_NAMES,
  expectGaugesToFollowAnOrder,
  expectRouteLabelsToBePatterns,
} from "./metrics-expectations.ts";
import { metricsConfig, sample, scrape } from "./metrics-kit.ts";

/**
 * Issue 17 point 1 on PostgreSQL with two replicas, as deployed: each has its own metrics
 * port (no fight over one), reports its own pool, and both report the same database-wide
 * figures whichever replica moved the order.
 */
describe("metrics of two replicas on PostgreSQL", () => {
  let database: TestDatabase;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const config = metricsConfig({ DATABASE_URL: database.databaseUrl });
    // One after the other: the first migrates and seeds, the second finds it done.
    for (let index = 0; index < 2; index++) servers.push(await startServer(config, { web: false }));
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.close();
  });

  it("listen on a port of their own each", () => {
    const [first, second] = servers.map((server) => new URL(server.metricsUrl!));
    expect(first!.port).not.toBe(second!.port);
  });

  it("declare every name, and the PostgreSQL pool of each replica", async () => {
    const { declared, samples } = await scrape(servers[0]!.metricsUrl!);
    for (const name of [...EXPECTED_NAMES, ...dashboardMetricNames()])
      expect(declared, name).toContain(name);
    expect(sample(samples, 'obmen_db_info{engine="postgres"}')).toBe(1);
    expect(sample(samples, "obmen_db_pool_max_connections")).toBe(12);
    expect(sample(samples, 'obmen_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(samples, 'obmen_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(sample(samples, "obmen_db_pool_waiting_clients")).toBe(0);
  });

  it("follow an order moved through one replica on the other's scrape", async () => {
    const { uuid, text } = await expectGaugesToFollowAnOrder(servers[0]!, servers[1]!);
    // The requests went to the first replica: the second counted none of them.
    expect(text).not.toContain('route="/rest/exchange/create"');
    const first = await scrape(servers[0]!.metricsUrl!);
    expectRouteLabelsToBePatterns(first.text, uuid);
    const second = await scrape(servers[1]!.metricsUrl!);
    for (const key of ['obmen_orders{status="completed"}', "obmen_orders_created_total"])
      expect(sample(first.samples, key)).toBe(sample(second.samples, key));
  });
});
