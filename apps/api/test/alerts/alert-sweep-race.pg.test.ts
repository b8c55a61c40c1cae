import {
  currencies,
  type DatabaseHandle,
  lowReserveWarnings,
  mailOutbox,
  openDatabase,
  operatorAlerts,
} from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sweepOperatorAlerts } from "../../src/alerts/sweep-alerts.ts";
import { adminCall, placeOrder, signInEveryRole } from "../admin/support/admin-kit.ts";
import { startAlertsApi } from "./support/alerts-kit.ts";

/**
 * Replicas sweep the same events at once (the job runner's sweep plus two more pools on the
 * same PostgreSQL database here): every event and every crossing is alerted exactly once,
 * and no sweep fails on another's rows.
 */
describe("alert sweeps racing on one PostgreSQL database", () => {
  let harness: Awaited<ReturnType<typeof startAlertsApi>>;
  const replicas: DatabaseHandle[] = [];
  beforeAll(async () => {
    harness = await startAlertsApi();
    const url = (harness.database as { databaseUrl?: string }).databaseUrl;
    if (!url) throw new Error("this test needs TEST_DATABASE_URL");
    for (let i = 0; i < 2; i += 1)
      replicas.push(await openDatabase({ databaseUrl: url, dataDir: "" }));
    const { admin } = await signInEveryRole(harness.api);
    const saved = await adminCall(harness.api, "PATCH", "/admin/api/settings/alerts", {
      cookie: admin,
      body: { emails: ["duty@obmen.example"] },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await harness.api.close();
  });

  it("alerts each order and the reserve crossing once", async () => {
    const db = harness.api.db;
    const [rub] = await db
      .select({ id: currencies.id, reserve: currencies.reserve })
      .from(currencies)
      .where(eq(currencies.urlXml, "SBERRUB"));
    if (!rub) throw new Error("the demo catalogue has no SBERRUB");
    await db
      .update(currencies)
      .set({ reserveWarning: rub.reserve })
      .where(eq(currencies.id, rub.id));

    let placing = true;
    const sweeping = replicas.map(async (replica) => {
      let runs = 0;
      while (placing || runs < 3) {
        await sweepOperatorAlerts({ db: replica.db, appUrl: "https://obmen.example/" });
        runs += 1;
      }
      return runs;
    });
    const uuids: string[] = [];
    try {
      for (let i = 0; i < 6; i += 1) {
        uuids.push(await placeOrder(harness.api, { sendAmount: "60" }));
      }
    } finally {
      // The sweepers stop even when an order fails, so the pools close cleanly.
      placing = false;
    }
    const runs = await Promise.all(sweeping);
    expect(Math.min(...runs)).toBeGreaterThanOrEqual(3);

    const alerts = await db.select().from(operatorAlerts);
    for (const uuid of uuids) {
      expect(alerts.filter((alert) => alert.text.includes(uuid))).toHaveLength(1);
    }
    expect(alerts.filter((alert) => alert.kind === "low_reserve")).toHaveLength(1);
    expect(await db.select().from(lowReserveWarnings)).toHaveLength(1);
    await vi.waitFor(async () => {
      const letters = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, "operator_alert"));
      expect(letters).toHaveLength(uuids.length + 1);
    });
  });
});
