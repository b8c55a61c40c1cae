import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAs, signUpUser, type TestUser } from "../account/support/account-data-kit.ts";
import { call } from "../account/support/account-kit.ts";
import {
  type AdminTestApi,
  adminCall,
  signInEveryRole,
  startAdminApi,
} from "../admin/support/admin-kit.ts";
import type { TestApi } from "../support/test-api.ts";
import { placePaidOrder } from "./support/affiliate-kit.ts";

/**
 * The two calls the site's affiliate pages add (issue 18, decision 037): the public terms for
 * `/partner`, and the per-day stats for the chart on `/account/affiliate`.
 */
describe("affiliate calls for the site's pages", () => {
  let api: AdminTestApi;
  let partner: TestUser;
  let other: TestUser;
  let operator: string;
  beforeAll(async () => {
    api = await startAdminApi();
    partner = await signUpUser(api as unknown as TestApi, "daily-partner@example.com");
    other = await signUpUser(api as unknown as TestApi, "daily-other@example.com");
    operator = (await signInEveryRole(api)).operator;
  });
  afterAll(() => api?.close());
  const testApi = () => api as unknown as TestApi;

  it("answers the terms to anyone, from the configured settings", async () => {
    const terms = await call(testApi(), "/rest/ref_channel/terms", {});
    expect(terms.status, terms.text).toBe(200);
    expect(terms.body.data).toEqual({ share: "0.3", currency: "USDT", min_withdrawal: "10" });
  });

  it("counts clicks, orders and rewards per channel and day, for the caller only", async () => {
    const [main] = (await callAs(testApi(), partner, "/rest/ref_channel/list")).body.data;
    const created = await callAs(testApi(), partner, "/rest/ref_channel/create", { name: "Blog" });
    const blog = created.body.data;
    for (const ip of ["192.0.2.21", "192.0.2.22"]) {
      await call(testApi(), "/rest/ref_channel/click", { rid: main.rid }, { ip });
    }
    await call(testApi(), "/rest/ref_channel/click", { rid: blog.rid }, { ip: "192.0.2.23" });
    const uuid = await placePaidOrder(api.app, { email: "daily-buyer@example.com", rid: blog.rid });
    for (const body of [
      { status: "processing" },
      { status: "completed", payout_reference: "X-1" },
    ]) {
      const moved = await adminCall(api, "POST", `/admin/api/orders/${uuid}/status`, {
        cookie: operator,
        body,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const earned = (await callAs(testApi(), partner, "/rest/ref_channel/list")).body.data.find(
      (channel: { id: number }) => channel.id === blog.id,
    ).earned;

    const daily = await callAs(testApi(), partner, "/rest/ref_channel/daily", { days: 7 });
    expect(daily.status, daily.text).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(daily.body.data).toEqual([
      { channel_id: main.id, day: today, clicks: 2, orders: 0, earned: "0" },
      { channel_id: blog.id, day: today, clicks: 1, orders: 1, earned },
    ]);
    expect(Number(earned)).toBeGreaterThan(0);

    const stranger = await callAs(testApi(), other, "/rest/ref_channel/daily", {});
    expect(stranger.body.data).toEqual([]);
  });

  it("refuses a bad number of days with the error shape, in the visitor's language", async () => {
    const refused = await callAs(
      testApi(),
      partner,
      "/rest/ref_channel/daily",
      { days: 0 },
      {
        lang: "en",
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.days).toBeTypeOf("string");
    const anonymous = await call(testApi(), "/rest/ref_channel/daily", {});
    expect(anonymous.status).toBe(401);
  });
});
