import type { AdminDashboard } from "@obmen/contracts";
import { currencies, orders } from "@obmen/db";
import { toDecimal } from "@obmen/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDashboard } from "../../src/admin/dashboard/load-dashboard.ts";
import { periodBuckets } from "../../src/admin/dashboard/period-buckets.ts";
import {
  type AdminTestApi,
  adminCall,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

describe("the console's dashboard", () => {
  let api: AdminTestApi;
  let cookies: Awaited<ReturnType<typeof signInEveryRole>>;
  beforeAll(async () => {
    api = await startAdminApi();
    cookies = await signInEveryRole(api);
  });
  afterAll(() => api.close());

  const complete = async (uuid: string, reference: string) => {
    for (const body of [
      { status: "processing" },
      { status: "completed", payout_reference: reference },
    ]) {
      const moved = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
        cookie: cookies.operator,
        body,
      });
      expect(moved.status).toBe(200);
    }
  };

  it("counts today's orders by status, and volume and profit of completed ones by direction, in decimals", async () => {
    // Two completed orders at two real rates, one paid, one new: USDT TRC20 → Sberbank RUB.
    const first = await placeOrder(api, { paid: true, sendAmount: "100" });
    const second = await placeOrder(api, { paid: true, sendAmount: "250.5" });
    await placeOrder(api, { paid: true, sendAmount: "60" });
    await placeOrder(api, { sendAmount: "70" });
    await complete(first, "SBP-1");
    // The second order's market rate differs: the profit is summed per real rate, exactly.
    await api.db
      .update(orders)
      .set({ receiveRateReal: "83.000000000000000001" })
      .where(eq(orders.id, second));
    await complete(second, "SBP-2");
    const rows = await api.db.select().from(orders);
    const done = rows.filter((row) => row.status === "completed");
    // What each order earned at its market rate, less what was paid out and its fee.
    const expectedProfit = done
      .reduce(
        (sum, row) =>
          sum.plus(
            toDecimal(row.sendAmount)
              .times(row.receiveRateReal)
              .div(row.sendRateReal)
              .minus(row.receiveAmount)
              .minus(row.comissionAmount),
          ),
        toDecimal("0"),
      )
      // Sent rounded to RUB's places once summed (decision 060).
      .round(2, 1)
      .toFixed();

    const result = await adminCall(api, "GET", "/admin/api/dashboard?period=today", {
      cookie: cookies.operator,
    });
    expect(result.status).toBe(200);
    const data: AdminDashboard = result.body.data;
    expect(data.bucket).toBe("hour");
    expect(data.by_status).toMatchObject({ new: 1, paid: 1, completed: 2, cancelled: 0 });
    expect(data.directions).toHaveLength(1);
    expect(data.directions[0]).toMatchObject({
      send_currency: { currency_code: "USDT" },
      receive_currency: { currency_code: "RUB" },
      completed: 2,
      send_volume: "350.5",
      receive_volume: toDecimal(done[0]!.receiveAmount).plus(done[1]!.receiveAmount).toFixed(),
      profit: expectedProfit,
    });
    expect(data.series.reduce((sum, point) => sum + point.created, 0)).toBe(4);
    expect(data.series.reduce((sum, point) => sum + point.completed, 0)).toBe(2);
    expect(data.series.at(-1)!.created).toBeGreaterThan(0);
  });

  it("sends a profit rounded to the receive currency's places (issue 26: 20,000 RUB → BTC)", async () => {
    // The order of the report: its profit computed exactly has about 40 places
    // (0.0000623210168625447112927950945324476239), which blanked the console's dashboard.
    const uuid = await placeOrder(api, {
      paid: true,
      from: "SBERRUB",
      to: "BTC",
      sendAmount: "20000",
    });
    await complete(uuid, "bc1-payout");
    const [row] = await api.db.select().from(orders).where(eq(orders.id, uuid));
    const exact = toDecimal(row!.sendAmount)
      .times(row!.receiveRateReal)
      .div(row!.sendRateReal)
      .minus(row!.receiveAmount)
      .minus(row!.comissionAmount);
    expect(exact.toFixed().length).toBeGreaterThan(20);

    const result = await adminCall(api, "GET", "/admin/api/dashboard?period=today", {
      cookie: cookies.operator,
    });
    expect(result.status).toBe(200);
    const data: AdminDashboard = result.body.data;
    const direction = data.directions.find(
      (entry) => entry.receive_currency.currency_code === "BTC",
    );
    expect(direction).toBeDefined();
    expect(direction!.receive_currency.decimals).toBe(8);
    // Half-up to the currency's places (decision 060), written as the formatter reads it.
    expect(direction!.profit).toBe(exact.round(8, 1).toFixed());
    for (const amount of [direction!.profit, direction!.send_volume, direction!.receive_volume]) {
      expect(amount).toMatch(/^-?\d+(\.\d{1,8})?$/);
    }
  });

  it("warns of a currency whose available reserve is below its warning level", async () => {
    const [sber] = await api.db.select().from(currencies).where(eq(currencies.urlXml, "SBERRUB"));
    const patched = await adminCall(api, "PATCH", `/admin/api/currencies/${sber!.id}`, {
      cookie: cookies.operator,
      body: { reserve: "5000", reserve_warning: "10000" },
    });
    expect(patched.status).toBe(200);
    const dashboard = await loadDashboard({ db: api.db, period: "30d" });
    expect(dashboard.low_reserves).toContainEqual(
      expect.objectContaining({
        id: sber!.id,
        currency_code: "RUB",
        reserve_warning: "10000",
        available: patched.body.data.available,
      }),
    );
    await adminCall(api, "PATCH", `/admin/api/currencies/${sber!.id}`, {
      cookie: cookies.operator,
      body: { reserve_warning: null },
    });
    const cleared = await loadDashboard({ db: api.db, period: "30d" });
    expect(cleared.low_reserves.map((row) => row.id)).not.toContain(sber!.id);
    expect(cleared.bucket).toBe("day");
    expect(cleared.series).toHaveLength(30);
  });

  it("is for operators and admins; a bad period is 400 INVALID_QUERY", async () => {
    const editor = await adminCall(api, "GET", "/admin/api/dashboard", { cookie: cookies.editor });
    expect(editor.status).toBe(403);
    const admin = await adminCall(api, "GET", "/admin/api/dashboard?period=30d", {
      cookie: cookies.admin,
    });
    expect(admin.status).toBe(200);
    const bad = await adminCall(api, "GET", "/admin/api/dashboard?period=year", {
      cookie: cookies.admin,
      lang: "en",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_QUERY");
  });

  it("splits today by the hour and 30 days by the day, in UTC", () => {
    const now = new Date("2026-11-25T13:30:00Z");
    const today = periodBuckets("today", now);
    expect(today.from.toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(today.starts).toHaveLength(14);
    const month = periodBuckets("30d", now);
    expect(month.from.toISOString()).toBe("2026-10-27T00:00:00.000Z");
    expect(month.starts).toHaveLength(30);
    expect(month.starts.at(-1)!.toISOString()).toBe("2026-11-25T00:00:00.000Z");
  });
});
