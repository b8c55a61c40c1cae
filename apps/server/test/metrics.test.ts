import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../src/config.ts";
import { type RunningServer, startServer } from "../src/start-server.ts";
import {
  dashboardMetricNames,
  EXPECTED_NAMES,
  expectGaugesToFollowAnOrder,
  expectRouteLabelsToBePatterns,
} from "./metrics-expectations.ts";
import { metricsConfig, scrape } from "./metrics-kit.ts";

/** Issue 17 point 1 on the embedded database: metrics on their own port, following orders. */
describe("metrics on the embedded database", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(metricsConfig({ DATABASE_URL: "memory://" }), { web: false });
  });
  afterAll(() => server?.close());

  it("are served on their own loopback port, and never on the public one", async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(server.metricsUrl!).port).not.toBe(new URL(server.url).port);
    const publicAnswer = await fetch(`${server.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toContain("obmen_");
    const elsewhere = await fetch(new URL("/", server.metricsUrl));
    expect(elsewhere.status).toBe(404);
  });

  it("declare every name the dashboard uses", async () => {
    const { declared, samples } = await scrape(server.metricsUrl!);
    for (const name of EXPECTED_NAMES) expect(declared, name).toContain(name);
    expect(samples.get('obmen_db_info{engine="pglite"}')).toBe(1);
    // The pool's panels stay empty on PGlite (no pool): the PostgreSQL test checks those.
    const dashboard = dashboardMetricNames();
    expect(dashboard.length).toBeGreaterThan(15);
    for (const name of dashboard.filter((name) => !name.startsWith("obmen_db_pool_")))
      expect(declared, `the dashboard's ${name}`).toContain(name);
  });

  it("follow an order from creation to completion, by route pattern", async () => {
    const { uuid, text } = await expectGaugesToFollowAnOrder(server);
    expectRouteLabelsToBePatterns(text, uuid);
  });

  it("are off without METRICS_PORT, and refuse one that is the public port or no port", () => {
    for (const [env, problem] of [
      [{ PORT: "3000", METRICS_PORT: "3000" }, "METRICS_PORT: must differ from PORT"],
      [{ METRICS_PORT: "metrics" }, "METRICS_PORT:"],
      [{ METRICS_PORT: "70000" }, "METRICS_PORT:"],
    ] as const) {
      const refused = (() => {
        try {
          parseConfig(env);
        } catch (error) {
          return error;
        }
      })();
      expect(refused).toBeInstanceOf(ConfigError);
      expect((refused as ConfigError).message).toContain(problem);
    }
    // Unset or empty: no metrics listener (startServer opens one only for a port).
    expect(parseConfig({}).METRICS_PORT).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: "" }).METRICS_PORT).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: "9464" })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: "127.0.0.1",
    });
  });
});
