import { orderReceipts, orders } from "@obmen/db";
import { catalogs } from "@obmen/i18n/catalogs";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import type { TestApi } from "../support/test-api.ts";
import { retryAfterOf, sealedCall, sealedReceipt, startLimitedApi } from "./rate-limit-kit.ts";

// Decision 036: the costly public calls have a budget per visitor IP (the envelope's `ip`),
// counted in the store the server picks for the engine (PostgreSQL's rate_limits, or memory
// on PGlite); a refusal is 429 RATE_LIMITED with Retry-After, in the request's language.
describe("rate limits on the public calls", () => {
  let api: TestApi;
  let form: Record<string, unknown>;
  beforeAll(async () => {
    api = await startLimitedApi({
      // A short window, so recovery is seen within the test.
      order_create: { points: 2, seconds: 4 },
      order_update: { points: 1, seconds: 600 },
      receipt: { points: 1, seconds: 600 },
      review: { points: 1, seconds: 600 },
    });
    form = createForm(findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB"), {
      send_amount: "100",
    });
  });
  afterAll(() => api?.close());

  const create = (ip: string, lang?: "ru" | "uk" | "en") =>
    sealedCall(api, "/rest/exchange/create", form, { ip, lang });
  const orderCount = async () => (await api.db.select({ n: count() }).from(orders))[0]!.n;

  it("refuses an IP's order over its budget with Retry-After, in the request's language, and takes it again after the window", async () => {
    const ip = "198.51.100.1";
    expect((await create(ip)).status).toBe(200);
    expect((await create(ip)).status).toBe(200);
    const before = await orderCount();

    const refused = await create(ip, "ru");
    expect(retryAfterOf(refused)).toBeGreaterThanOrEqual(1);
    expect(retryAfterOf(refused)).toBeLessThanOrEqual(4);
    expect(refused.body.error.message).toBe(catalogs.ru.Errors.RATE_LIMITED);
    expect((await create(ip, "uk")).body.error.message).toBe(catalogs.uk.Errors.RATE_LIMITED);
    expect(await orderCount()).toBe(before);

    // Recovery: the same visitor is served once its window has passed (waited for, not slept).
    const started = Date.now();
    await expect
      .poll(async () => (await create(ip)).status, { timeout: 15_000, interval: 250 })
      .toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await orderCount()).toBe(before + 1);
  });

  it("counts visitors apart, though every call comes from the same client and socket (the web tier's)", async () => {
    for (let i = 0; i < 2; i++) expect((await create("198.51.100.2")).status).toBe(200);
    expect((await create("198.51.100.2")).status).toBe(429);
    expect((await create("198.51.100.3")).status).toBe(200);
    expect((await create("2001:db8:1:2::1")).status).toBe(200);
  });

  it("counts an IPv6 visitor by its /64, so a host cannot start afresh with each address", async () => {
    expect((await create("2001:db8:aa:bb::1")).status).toBe(200);
    expect((await create("2001:db8:aa:bb:ffff::2")).status).toBe(200);
    expect((await create("2001:db8:aa:bb:1234:5678:9abc:def0")).status).toBe(429);
    expect((await create("2001:db8:aa:bc::1")).status).toBe(200);
  });

  it("limits marking paid or cancelling, reviews and receipts, each in its own bucket", async () => {
    const ip = "198.51.100.9";
    const order = (await create("198.51.100.10")).body.data.exchange_uuid as string;

    const update = (status: string) =>
      sealedCall(
        api,
        "/rest/exchange/update",
        { exchange_uuid: order, exchange_status: status, email: form.email },
        { ip },
      );
    expect((await update("paid")).status).toBe(200);
    retryAfterOf(await update("cancelled"));

    const review = () =>
      sealedCall(api, "/rest/exchange/review", { exchange_uuid: order, rating: 5 }, { ip });
    // Not completed: refused by the order's state, yet a request all the same.
    expect((await review()).status).toBe(409);
    retryAfterOf(await review());

    expect((await sealedReceipt(api, order, { ip })).status).toBe(200);
    const receipts = async () => (await api.db.select({ n: count() }).from(orderReceipts))[0]!.n;
    const kept = await receipts();
    retryAfterOf(await sealedReceipt(api, order, { ip }));
    expect(await receipts()).toBe(kept);
  });
});
