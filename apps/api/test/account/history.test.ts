import { currencies } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import { callApi, type TestApi } from "../support/test-api.ts";
import {
  callAs,
  insertOrders,
  signUpUser,
  startAccountDataApi,
  type TestUser,
} from "./support/account-data-kit.ts";

const HOUR_MS = 3_600_000;

describe("the order history: /rest/user/exchange/list", () => {
  let api: TestApi;
  let user: TestUser;
  beforeAll(async () => {
    api = await startAccountDataApi();
    user = await signUpUser(api, "history@example.com");
  });
  afterAll(() => api?.close());

  const list = (payload: Record<string, unknown> = {}, lang: "en" | "ru" = "en") =>
    callAs(api, user, "/rest/user/exchange/list", payload, { lang });

  it("is empty before the first order", async () => {
    const result = await list();
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
  });

  it("lists an order placed through the API with the login e-mail typed in another case", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { email: "History@Example.com", send_amount: "100" }),
    );
    expect(created.status).toBe(200);
    // Someone else's order in the same direction stays out.
    await callApi(api.app, "/rest/exchange/create", createForm(pair, { send_amount: "100" }));

    const result = await list({}, "ru");
    expect(result.body.data.total).toBe(1);
    const [item] = result.body.data.items;
    expect(item).toEqual({
      exchange_uuid: created.body.data.exchange_uuid,
      exchange_status: "new",
      send_amount: "100",
      receive_amount: expect.stringMatching(/^\d+(\.\d+)?$/),
      send_currency: {
        id: pair.currency_pair.send_currency.id,
        name: "Tether TRC20",
        code: "USDT",
      },
      receive_currency: {
        id: pair.currency_pair.receive_currency.id,
        name: "Сбербанк",
        code: "RUB",
      },
      created_at: expect.any(String),
    });
  });

  it("pages 20 at a time, newest first, and counts every order", async () => {
    const base = Date.now() - 100 * HOUR_MS;
    await insertOrders(
      api,
      Array.from({ length: 24 }, (_, i) => ({
        email: "history@example.com",
        status: "completed" as const,
        createdAt: new Date(base + i * HOUR_MS),
      })),
    );
    const first = await list();
    expect(first.body.data).toMatchObject({ total: 25, page: 1, page_size: 20 });
    expect(first.body.data.items).toHaveLength(20);
    const times = first.body.data.items.map((item: { created_at: string }) =>
      Date.parse(item.created_at),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second = await list({ page: 2 });
    expect(second.body.data.items).toHaveLength(5);
    const seen = new Set(
      [...first.body.data.items, ...second.body.data.items].map(
        (item: { exchange_uuid: string }) => item.exchange_uuid,
      ),
    );
    expect(seen.size).toBe(25);

    const beyond = await list({ page: "3" });
    expect(beyond.body.data).toEqual({ items: [], total: 25, page: 3, page_size: 20 });
  });

  it("filters by status, an unpaid order past its rate lock counting as expired", async () => {
    const [lapsed] = await insertOrders(api, [
      {
        email: "history@example.com",
        status: "new",
        createdAt: new Date(Date.now() - 2 * HOUR_MS),
        expiresAt: new Date(Date.now() - HOUR_MS),
      },
    ]);
    const expired = await list({ status: "expired" });
    expect(
      expired.body.data.items.map((item: { exchange_uuid: string }) => item.exchange_uuid),
    ).toEqual([lapsed!.id]);
    expect(expired.body.data.items[0].exchange_status).toBe("expired");
    const fresh = await list({ status: "new" });
    expect(fresh.body.data.total).toBe(1);
    expect(fresh.body.data.items[0].exchange_status).toBe("new");
    expect((await list({ status: "completed" })).body.data.total).toBe(24);
    expect((await list({ status: "completed", page: 2 })).body.data.items).toHaveLength(4);
    expect((await list({ status: "paid" })).body.data).toMatchObject({ items: [], total: 0 });
  });

  it("names the currencies of an order whose direction is no longer offered", async () => {
    const [old] = await insertOrders(
      api,
      [
        {
          email: "history@example.com",
          status: "completed",
          createdAt: new Date(Date.now() - 1000 * HOUR_MS),
        },
      ],
      { from: "USDTTRC20", to: "MONOBUAH" },
    );
    await api.db.update(currencies).set({ active: false }).where(eq(currencies.urlXml, "MONOBUAH"));
    await api.catalogueChanges.publish();
    const result = await list({ page: 2, status: "completed" }, "ru");
    const item = result.body.data.items.find(
      (each: { exchange_uuid: string }) => each.exchange_uuid === old!.id,
    );
    expect(item.receive_currency).toMatchObject({ name: "monobank", code: "UAH" });
    expect(item.send_currency).toMatchObject({ name: "Tether TRC20", code: "USDT" });
  });

  it("refuses a bad page, an unknown status and an unknown key in the request's language", async () => {
    const zero = await list({ page: 0 }, "ru");
    expect(zero.status).toBe(422);
    expect(zero.body.error.code).toBe("VALIDATION_FAILED");
    expect(zero.body.error.fields).toEqual({ page: "Страница: недопустимое значение" });
    const status = await list({ status: "done" });
    expect(status.status).toBe(422);
    expect(Object.keys(status.body.error.fields)).toEqual(["status"]);
    const junk = await list({ user_id: user.id });
    expect(junk.status).toBe(422);
    expect(Object.keys(junk.body.error.fields)).toEqual(["user_id"]);
    for (const page of [-1, 1.5, "x", 10_001]) {
      expect((await list({ page })).status).toBe(422);
    }
  });

  it("answers 401 without a live session", async () => {
    const anonymous = await callAs(
      api,
      user,
      "/rest/user/exchange/list",
      {},
      { token: "a".repeat(32) },
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe("UNAUTHORIZED");
  });
});
