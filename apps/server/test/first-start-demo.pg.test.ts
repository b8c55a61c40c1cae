import {
  contentEntries,
  createTestDatabase,
  currencies,
  currencyPairs,
  type TestDatabase,
} from "@obmen/db";
import { count, isNotNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "../src/config.ts";
import { startServer } from "../src/start-server.ts";

// Issue 12: the demo's payment targets are real, checksum-valid addresses a customer could
// pay, so an empty production PostgreSQL must start with an empty catalogue
// (docs/decisions/018-demo-data.md). Each test gets a database of its own, dropped after.
const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const database of databases.splice(0)) await database.close();
});

/** Starts the server on `database` as `npm start` would, with `env` on top. */
function start(database: TestDatabase, env: Record<string, string>) {
  const config = parseConfig({
    HOST: "127.0.0.1",
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: "silent",
    CAPTCHA_PROVIDER: "none",
    ...env,
  });
  // Any free port: the configuration accepts only real ones.
  return startServer({ ...config, PORT: 0 }, { web: false });
}

/** The first start, on a new empty PostgreSQL database. */
async function firstStart(env: Record<string, string>) {
  const database = await createTestDatabase({ migrate: false });
  databases.push(database);
  return { database, server: await start(database, env) };
}

async function catalogueCounts(database: TestDatabase) {
  const [currencyRows] = await database.db.select({ total: count() }).from(currencies);
  const [pairRows] = await database.db.select({ total: count() }).from(currencyPairs);
  const [targetRows] = await database.db
    .select({ total: count() })
    .from(currencies)
    .where(isNotNull(currencies.paymentTarget));
  const [textRows] = await database.db.select({ total: count() }).from(contentEntries);
  return {
    currencies: currencyRows?.total ?? 0,
    pairs: pairRows?.total ?? 0,
    paymentTargets: targetRows?.total ?? 0,
    texts: textRows?.total ?? 0,
  };
}

describe("the first start on an empty PostgreSQL", () => {
  it("in production seeds no currency, no pair and no payment target, but the site texts", async () => {
    const { database, server } = await firstStart({ NODE_ENV: "production" });
    try {
      const counts = await catalogueCounts(database);
      expect(counts).toMatchObject({ currencies: 0, pairs: 0, paymentTargets: 0 });
      expect(counts.texts).toBeGreaterThan(0);
      // Monitors read an empty export, not an error.
      const rates = await server.app.inject({ method: "GET", url: "/rates.xml" });
      expect(rates.statusCode).toBe(200);
      expect(rates.body).not.toContain("<item>");
    } finally {
      await server.close();
    }
    // A restart does not seed it either: the rule holds on every start, not only the first.
    await (await start(database, { NODE_ENV: "production" })).close();
    expect(await catalogueCounts(database)).toMatchObject({ currencies: 0, paymentTargets: 0 });
  });

  it("outside production seeds nothing either, unless asked", async () => {
    const { database, server } = await firstStart({ NODE_ENV: "development" });
    await server.close();
    expect(await catalogueCounts(database)).toMatchObject({ currencies: 0, paymentTargets: 0 });
  });

  it("with SEED_DEMO=true seeds the demo, its payment targets marked as demo", async () => {
    const { database, server } = await firstStart({ NODE_ENV: "production", SEED_DEMO: "true" });
    try {
      const counts = await catalogueCounts(database);
      expect(counts.currencies).toBeGreaterThanOrEqual(20);
      expect(counts.pairs).toBeGreaterThanOrEqual(60);
      expect(counts.paymentTargets).toBeGreaterThan(0);
      const targets = await database.db
        .select({ demo: currencies.paymentTargetDemo })
        .from(currencies)
        .where(isNotNull(currencies.paymentTarget));
      expect(targets.every((target) => target.demo)).toBe(true);
      const rates = await server.app.inject({ method: "GET", url: "/rates.xml" });
      expect(rates.body).toContain("<item>");
    } finally {
      await server.close();
    }
  });
});
