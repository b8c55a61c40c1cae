import { currencyPairs, userTemplates } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_TEMPLATES_PER_USER } from "../../src/account/user-records.ts";
import type { TestApi } from "../support/test-api.ts";
import {
  callAs,
  currencyId,
  signUpUser,
  startAccountDataApi,
  type TestUser,
} from "./support/account-data-kit.ts";

describe("calculator templates: /rest/user/template/list|create|delete", () => {
  let api: TestApi;
  let user: TestUser;
  let usdt: number;
  let sber: number;
  let mono: number;
  beforeAll(async () => {
    api = await startAccountDataApi();
    user = await signUpUser(api, "templates@example.com");
    usdt = await currencyId(api, "USDTTRC20");
    sber = await currencyId(api, "SBERRUB");
    mono = await currencyId(api, "MONOBUAH");
  });
  afterAll(() => api?.close());

  const create = (payload: Record<string, unknown>, lang: "en" | "ru" | "uk" = "en") =>
    callAs(api, user, "/rest/user/template/create", payload, { lang });
  const list = async () => (await callAs(api, user, "/rest/user/template/list")).body.data as any[];

  it("saves a direction in service with its amount, without trailing zeros", async () => {
    const result = await create({
      from_currency_id: usdt,
      to_currency_id: sber,
      amount: "150.500000",
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toEqual({
      id: expect.any(Number),
      from_currency_id: usdt,
      to_currency_id: sber,
      amount: "150.5",
      created_at: expect.any(String),
    });
    expect(await list()).toEqual([result.body.data]);
  });

  it("keeps one template per direction: saving it again replaces the amount and keeps the id", async () => {
    const [before] = await list();
    const again = await create({
      from_currency_id: String(usdt),
      to_currency_id: String(sber),
      amount: "200",
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: before.id, amount: "200" });
    const reverse = await create({
      from_currency_id: sber,
      to_currency_id: usdt,
      amount: "15000.25",
    });
    expect(reverse.status).toBe(200);
    expect((await list()).map((template) => template.amount)).toEqual(["15000.25", "200"]);
  });

  it("refuses a direction the exchange does not offer, or no longer offers", async () => {
    const none = await create(
      { from_currency_id: sber, to_currency_id: mono, amount: "100" },
      "ru",
    );
    expect(none.status).toBe(422);
    expect(none.body.error.fields).toEqual({
      to_currency_id: "Такого направления обмена сейчас нет.",
    });
    const same = await create({ from_currency_id: usdt, to_currency_id: usdt, amount: "100" });
    expect(same.status).toBe(422);
    const unknown = await create({
      from_currency_id: 999_999,
      to_currency_id: usdt,
      amount: "100",
    });
    expect(unknown.status).toBe(422);

    const btc = await currencyId(api, "BTC");
    await api.db
      .update(currencyPairs)
      .set({ active: false })
      .where(and(eq(currencyPairs.sendCurrencyId, btc), eq(currencyPairs.receiveCurrencyId, sber)));
    await api.catalogueChanges.publish();
    const off = await create({ from_currency_id: btc, to_currency_id: sber, amount: "0.01" });
    expect(off.status).toBe(422);
    expect(Object.keys(off.body.error.fields)).toEqual(["to_currency_id"]);
  });

  it("refuses an amount that is not positive, has too many places or is not a plain decimal", async () => {
    const zero = await create({ from_currency_id: usdt, to_currency_id: sber, amount: "0" });
    expect(zero.status).toBe(422);
    expect(zero.body.error.fields).toEqual({ amount: "The amount must be greater than zero." });
    const negative = await create(
      { from_currency_id: usdt, to_currency_id: sber, amount: "-5" },
      "uk",
    );
    expect(negative.body.error.fields).toEqual({ amount: "Сума має бути більшою за нуль." });
    const places = await create(
      { from_currency_id: sber, to_currency_id: usdt, amount: "10.001" },
      "ru",
    );
    expect(places.body.error.fields).toEqual({ amount: "Не больше 2 знаков после запятой" });
    const huge = await create({
      from_currency_id: usdt,
      to_currency_id: sber,
      amount: "1".padEnd(25, "0"),
    });
    expect(huge.status).toBe(422);
    expect(Object.keys(huge.body.error.fields)).toEqual(["amount"]);
    for (const amount of ["1e3", "1,5", " 5", ".5", 5, null]) {
      const refused = await create({ from_currency_id: usdt, to_currency_id: sber, amount });
      expect(refused.status, String(amount)).toBe(422);
      expect(Object.keys(refused.body.error.fields)).toEqual(["amount"]);
    }
    expect((await list()).map((template) => template.amount)).toEqual(["15000.25", "200"]);
  });

  it(`keeps at most ${MAX_TEMPLATES_PER_USER} templates, but a saved direction can still change`, async () => {
    const pairs = await api.db.select().from(currencyPairs).where(eq(currencyPairs.active, true));
    const taken = new Set((await list()).map((t) => `${t.from_currency_id}-${t.to_currency_id}`));
    const room = MAX_TEMPLATES_PER_USER - taken.size;
    const filler = pairs
      .filter((pair) => !taken.has(`${pair.sendCurrencyId}-${pair.receiveCurrencyId}`))
      .slice(0, room);
    expect(filler).toHaveLength(room);
    await api.db.insert(userTemplates).values(
      filler.map((pair) => ({
        userId: user.id,
        fromCurrencyId: pair.sendCurrencyId,
        toCurrencyId: pair.receiveCurrencyId,
        amount: "1",
      })),
    );
    const spare = pairs.find(
      (pair) =>
        !taken.has(`${pair.sendCurrencyId}-${pair.receiveCurrencyId}`) && !filler.includes(pair),
    )!;
    const full = await create({
      from_currency_id: spare.sendCurrencyId,
      to_currency_id: spare.receiveCurrencyId,
      amount: "1",
    });
    expect(full.status).toBe(409);
    expect(full.body.error.fields).toEqual({
      amount: "You can save at most 50 templates. Delete one you no longer need.",
    });
    const change = await create({ from_currency_id: usdt, to_currency_id: sber, amount: "300" });
    expect(change.status).toBe(200);
  });

  it("deletes a template once; an unknown id is 404", async () => {
    const [template] = await list();
    const deleted = await callAs(api, user, "/rest/user/template/delete", { id: template.id });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('{"data":{}}');
    const again = await callAs(api, user, "/rest/user/template/delete", { id: template.id });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("NOT_FOUND");
    expect((await callAs(api, user, "/rest/user/template/delete", {})).status).toBe(422);
    const huge = await callAs(api, user, "/rest/user/template/delete", { id: 2_147_483_648 });
    expect(huge.status).toBe(404);
    const direction = await create({
      from_currency_id: Number.MAX_SAFE_INTEGER,
      to_currency_id: 2_147_483_648,
      amount: "1",
    });
    expect(direction.status).toBe(422);
  });
});
