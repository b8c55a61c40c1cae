import type { AdminCurrency, AdminPair } from "@obmen/contracts";
import { auditLog } from "@obmen/db";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPair, listPairs } from "../support/orders.ts";
import {
  type AdminTestApi,
  adminCall,
  placeOrder,
  signInEveryRole,
  startAdminApi,
} from "./support/admin-kit.ts";

describe("currencies and pairs in the console", () => {
  let api: AdminTestApi;
  let cookie: string;
  let sber: AdminCurrency;
  beforeAll(async () => {
    api = await startAdminApi();
    cookie = (await signInEveryRole(api)).operator;
  });
  afterAll(() => api.close());

  const lastAudit = async () =>
    (await api.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;

  it("lists currencies with reserve, held and available", async () => {
    await placeOrder(api, { sendAmount: "100" });
    const result = await adminCall(api, "GET", "/admin/api/currencies", { cookie });
    expect(result.status).toBe(200);
    sber = result.body.data.items.find((item: AdminCurrency) => item.url_xml === "SBERRUB");
    expect(sber).toMatchObject({ currency_code: "RUB", kind: "bank", decimals: 2, active: true });
    expect(Number(sber.held)).toBeCloseTo(8116.4, 6);
    expect(Number(sber.available)).toBeCloseTo(Number(sber.reserve) - 8116.4, 6);
  });

  it("changes a reserve: audited, and the public pair list shows it at once", async () => {
    const result = await adminCall(api, "PATCH", `/admin/api/currencies/${sber.id}`, {
      cookie,
      body: { reserve: "900000.5", send_min: "1000", send_max: null, reserve_warning: "50000" },
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      reserve: "900000.5",
      reserve_warning: "50000",
      send_min: "1000",
      send_max: null,
    });
    expect(await lastAudit()).toMatchObject({
      action: "currency.update",
      targetType: "currency",
      targetId: String(sber.id),
      before: { reserve: sber.reserve, send_min: sber.send_min, send_max: sber.send_max },
      after: { reserve: "900000.5", send_min: "1000", send_max: null, reserve_warning: "50000" },
    });
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    expect(pair.currency_pair.receive_currency.currency_in_services.reserve.reserve).toBe(
      // What is left after the open order's hold, as the public list shows it.
      (900000.5 - 8116.4).toFixed(1),
    );
  });

  it("refuses bad currency values with 422 naming the field, and changes nothing", async () => {
    const cases: [unknown, string][] = [
      [{ reserve: "-1" }, "reserve"],
      [{ reserve: "1e5" }, "reserve"],
      [{ reserve: 100 }, "reserve"],
      [{ reserve: "1.005" }, "reserve"],
      [{ reserve_warning: "-5" }, "reserve_warning"],
      [{ reserve_warning: "0.001" }, "reserve_warning"],
      [{ decimals: 19 }, "decimals"],
      [{ decimals: 1.5 }, "decimals"],
      [{ send_min: "500", send_max: "100" }, "send_min"],
      [{ active: "yes" }, "active"],
      [{ colour: "red" }, "colour"],
      [{}, "payload"],
    ];
    const auditBefore = (await lastAudit()).id;
    for (const [body, field] of cases) {
      const result = await adminCall(api, "PATCH", `/admin/api/currencies/${sber.id}`, {
        cookie,
        body,
        lang: "ru",
      });
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(result.body.error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(result.body.error.fields), JSON.stringify(body)).toEqual([field]);
    }
    const tooPrecise = await adminCall(api, "PATCH", `/admin/api/currencies/${sber.id}`, {
      cookie,
      body: { reserve: "1.005" },
      lang: "ru",
    });
    expect(tooPrecise.body.error.fields.reserve).toBe("Не больше 2 знаков после запятой");
    expect((await lastAudit()).id).toBe(auditBefore);
    expect(
      (
        await adminCall(api, "PATCH", "/admin/api/currencies/999999", {
          cookie,
          body: { active: false },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await adminCall(api, "PATCH", "/admin/api/currencies/abc", {
          cookie,
          body: { active: false },
        })
      ).status,
    ).toBe(404);
  });

  it("changes a pair's rate and switches it off; the public list follows", async () => {
    const list = await adminCall(api, "GET", "/admin/api/pairs", { cookie });
    expect(list.status).toBe(200);
    const pair: AdminPair = list.body.data.items.find(
      (item: AdminPair) =>
        item.send_currency.url_xml === "USDTTRC20" && item.receive_currency.url_xml === "SBERRUB",
    );
    expect(pair).toMatchObject({ send_rate: "1", receive_rate: "81.164", active: true });
    expect(Number(pair.markup_percent)).toBeGreaterThan(0);

    const rated = await adminCall(api, "PATCH", `/admin/api/pairs/${pair.id}`, {
      cookie,
      body: {
        receive_rate: "80.5",
        receive_rate_real: "82",
        comission_amount: "0",
        min_send_sum: "20",
        max_send_sum: "5000",
      },
    });
    expect(rated.status).toBe(200);
    // 1 − 80.5 / 82 = 1.829…%
    expect(rated.body.data).toMatchObject({
      receive_rate: "80.5",
      markup_percent: "1.83",
      min_send_sum: "20",
    });
    expect(findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB").rate.receive_rate).toBe(
      "80.5",
    );
    expect(await lastAudit()).toMatchObject({
      action: "pair.update",
      before: { receive_rate: "81.164" },
      after: { receive_rate: "80.5" },
    });

    const off = await adminCall(api, "PATCH", `/admin/api/pairs/${pair.id}`, {
      cookie,
      body: { active: false },
    });
    expect(off.status).toBe(200);
    const publicPairs = await listPairs(api.app);
    expect(publicPairs.some((entry) => entry.id === pair.id)).toBe(false);
  });

  it("refuses a pair the database would refuse, with 422 naming the field", async () => {
    const list = await adminCall(api, "GET", "/admin/api/pairs", { cookie });
    const pair: AdminPair = list.body.data.items.find(
      (item: AdminPair) =>
        item.send_currency.url_xml === "USDTTRC20" && item.receive_currency.url_xml === "SBERRUB",
    );
    const cases: [unknown, string][] = [
      [{ send_rate: "2", receive_rate: "3" }, "send_rate"],
      [{ receive_rate_real: "0" }, "receive_rate_real"],
      [{ min_receive_sum: "10", max_receive_sum: "5" }, "min_receive_sum"],
      [{ comission_amount: "-1" }, "comission_amount"],
      [{ send_rate: "1.0000000000000000001" }, "send_rate"],
      [{ sort_order: "1" }, "sort_order"],
      // USDT → Sberbank RUB: roubles have two places.
      [{ max_receive_sum: "5000.001" }, "max_receive_sum"],
    ];
    for (const [body, field] of cases) {
      const result = await adminCall(api, "PATCH", `/admin/api/pairs/${pair.id}`, { cookie, body });
      expect(result.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(result.body.error.fields), JSON.stringify(body)).toEqual([field]);
    }
  });
});
