import { currencyPairs } from "@obmen/db";
import { ORDER_STATUSES } from "@obmen/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOrders } from "../../src/admin/orders/list-orders.ts";
import { type AdminTestApi, startAdminApi } from "./support/admin-kit.ts";

const WAITING = new Set(["new", "paid"]);
const CLOSED = new Set(["completed", "cancelled", "expired", "refunded"]);

/**
 * The queue's pages come from per-status index scans merged in code (queue-page.ts); they must
 * be exactly the pages of the desk's order written out in full: new and paid oldest first, then
 * processing, hold and error oldest first, then the closed newest first.
 */
describe("the order queue's pages", () => {
  let api: AdminTestApi;
  beforeAll(async () => {
    api = await startAdminApi();
    const [pair] = await api.db.select().from(currencyPairs).limit(1);
    // 140 orders over every status, ages interleaved, some created at the same moment.
    await api.db.execute(sql`
      insert into orders (pair_id, send_currency_id, receive_currency_id, status, send_amount,
        receive_amount, send_rate, receive_rate, comission_amount, send_rate_real,
        receive_rate_real, email, locale, expires_at, created_at)
      select ${pair!.id}, ${pair!.sendCurrencyId}, ${pair!.receiveCurrencyId},
        (${sql.raw(`array[${ORDER_STATUSES.map((s) => `'${s}'`).join(",")}]`)})[1 + (g * 7 % 9)],
        10, 800, 1, 80, 0, 1, 82, 'queue' || g || '@example.com', 'en',
        now() + interval '30 minutes', now() - ((g % 70) || ' minutes')::interval
      from generate_series(1, 140) g`);
  });
  afterAll(() => api.close());

  it("are the full order cut into pages, with or without a status filter", async () => {
    const all = await api.db.execute<{ id: string; status: string; created_at: string }>(
      sql`select id, status, created_at::text from orders`,
    );
    const group = (status: string) => (WAITING.has(status) ? 0 : CLOSED.has(status) ? 2 : 1);
    const expected = [...all.rows]
      .map((row) => ({ ...row, at: new Date(row.created_at).getTime() }))
      .sort(
        (a, b) =>
          group(a.status) - group(b.status) ||
          (group(a.status) < 2 ? a.at - b.at : b.at - a.at) ||
          (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const result = await listOrders({ db: api.db, page });
      expect(result).toMatchObject({ total: 140, totalCapped: false });
      pages.push(...result.items.map((item) => item.exchange_uuid));
    }
    expect(pages).toEqual(expected.map((row) => row.id));

    const closed = await listOrders({ db: api.db, page: 1, status: "completed" });
    expect(closed.items.map((item) => item.exchange_uuid)).toEqual(
      expected.filter((row) => row.status === "completed").map((row) => row.id),
    );
  });

  it("counts matches up to its limit and says when there are more (decision 038)", async () => {
    expect(await listOrders({ db: api.db, page: 1, countLimit: 100 })).toMatchObject({
      total: 100,
      totalCapped: true,
    });
    expect(await listOrders({ db: api.db, page: 1, countLimit: 140 })).toMatchObject({
      total: 140,
      totalCapped: false,
    });
    // A later page past the count still comes: the count never limits what can be read.
    const third = await listOrders({ db: api.db, page: 3, countLimit: 100 });
    expect(third.items).toHaveLength(40);
  });
});
