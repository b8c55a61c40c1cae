import type { CurrencyPairEntry } from "@obmen/contracts";
import { currencyPairs, orders } from "@obmen/db";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../../support/test-api.ts";

/** Every refusal must leave the database as it was (DESIGN.md invariant 3). */
describe("/rest/exchange/create refusals", () => {
  let api: TestApi;
  let usdtToSber: CurrencyPairEntry;
  let sberToUsdt: CurrencyPairEntry;
  const orderCount = async () => (await api.db.select({ total: count() }).from(orders))[0]!.total;

  beforeAll(async () => {
    api = await startTestApi();
    const pairs = await listPairs(api.app);
    usdtToSber = findPair(pairs, "USDTTRC20", "SBERRUB");
    sberToUsdt = findPair(pairs, "SBERRUB", "USDTTRC20");
  });
  afterAll(() => api.close());

  async function refused(form: Record<string, unknown>, lang: "ru" | "en" | "uk" = "en") {
    const before = await orderCount();
    const response = await callApi(api.app, "/rest/exchange/create", form, { lang });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await orderCount()).toBe(before);
    return response;
  }

  it("refuses an amount below the minimum and above the maximum, under send_amount", async () => {
    const low = await refused(createForm(usdtToSber, { send_amount: "10" }));
    expect(low.status).toBe(422);
    expect(low.body.error.fields).toEqual({ send_amount: "The minimum is 50.000000 USDT" });
    const high = await refused(createForm(usdtToSber, { send_amount: "100000" }), "ru");
    expect(high.body.error.fields.send_amount).toMatch(/^Максимальная сумма — 18481\.1\d* USDT$/);
  });

  it("refuses more decimals than the currency has, and a missing amount", async () => {
    const precise = await refused(createForm(sberToUsdt, { send_amount: "5000.123" }));
    expect(precise.body.error.fields.send_amount).toBe("At most 2 decimal places");
    const missing = await refused(createForm(usdtToSber, { send_amount: undefined }));
    expect(missing.body.error.fields.send_amount).toBe("Amount to send is a required field");
  });

  it.each([[[1]], [true], ["0x10"], [" 7 "], [1.5], [-1]])(
    "refuses %j as a pair id instead of reading it as a number",
    async (id) => {
      const wrong = await refused({
        ...createForm(usdtToSber, { send_amount: "100" }),
        currency_pairs_in_service_id: id,
      });
      expect(wrong.body.error.fields).toEqual({
        currency_pairs_in_service_id: "Exchange direction has an invalid value",
      });
    },
  );

  it("takes a pair id sent as a string of digits, as forms send it", async () => {
    const form = createForm(usdtToSber, { send_amount: "100" });
    const response = await callApi(api.app, "/rest/exchange/create", {
      ...form,
      currency_pairs_in_service_id: String(usdtToSber.id),
    });
    expect(response.status).toBe(200);
  });

  it("never calls a value that is present but of the wrong type 'required'", async () => {
    const wrong = await refused({
      ...createForm(usdtToSber, { send_amount: "100" }),
      email: null,
      send_amount: 100,
    });
    expect(wrong.body.error.fields).toEqual({
      email: "E-mail has an invalid value",
      send_amount: "Amount to send has an invalid value",
    });
  });

  it("refuses more than the available reserve with INSUFFICIENT_RESERVE", async () => {
    const pair = findPair(await listPairs(api.app), "SBERRUB", "BTC");
    // Shrink the BTC reserve below what 10,000 RUB buys, so the reserve is the limit.
    await api.db.execute(sql`update currencies set reserve = 0.001 where url_xml = 'BTC'`);
    await api.catalogueChanges.publish();
    const response = await refused(createForm(pair, { send_amount: "10000" }));
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("INSUFFICIENT_RESERVE");
    // The customer typed the send side, so the cap is told in what they send.
    expect(response.body.error.fields).toEqual({
      send_amount: "The reserve allows at most 8826.15 RUB",
    });
    await api.db.execute(sql`update currencies set reserve = 2.1 where url_xml = 'BTC'`);
    await api.catalogueChanges.publish();
  });

  it("refuses a stale client rate with RATE_CHANGED carrying the current rate", async () => {
    const response = await refused(
      createForm(usdtToSber, { send_amount: "100", receive_rate: "90" }),
    );
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("RATE_CHANGED");
    expect(response.body.error.details.rate).toEqual(usdtToSber.rate);
    // Within the 0.5% tolerance the order goes through at OUR rate.
    const close = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(usdtToSber, { send_amount: "100", receive_rate: "81.2" }),
    );
    expect(close.status).toBe(200);
  });

  it("refuses with the database's rate when the operator changed it after the cached quote", async () => {
    // The edit reaches the database but not yet this process's pair list.
    await api.db
      .update(currencyPairs)
      .set({ receiveRate: "80.5", receiveRateReal: "81.9" })
      .where(eq(currencyPairs.id, usdtToSber.id));
    const response = await refused(createForm(usdtToSber, { send_amount: "100" }));
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("RATE_CHANGED");
    expect(response.body.error.details.rate).toEqual({
      ...usdtToSber.rate,
      receive_rate: "80.5",
      receive_rate_real: "81.9",
    });
    await api.db
      .update(currencyPairs)
      .set({
        receiveRate: usdtToSber.rate.receive_rate,
        receiveRateReal: usdtToSber.rate.receive_rate_real,
      })
      .where(eq(currencyPairs.id, usdtToSber.id));
  });

  it("refuses an inactive pair with PAIR_INACTIVE", async () => {
    await api.db
      .update(currencyPairs)
      .set({ active: false })
      .where(eq(currencyPairs.id, sberToUsdt.id));
    await api.catalogueChanges.publish();
    const response = await refused(createForm(sberToUsdt, { send_amount: "6000" }));
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("PAIR_INACTIVE");
    await api.db
      .update(currencyPairs)
      .set({ active: true })
      .where(eq(currencyPairs.id, sberToUsdt.id));
    await api.catalogueChanges.publish();
  });

  it("reports each invalid field under fields.<key>, in the visitor's language", async () => {
    const form = createForm(sberToUsdt, {
      send_amount: "6000",
      email: "not-an-email",
      fields: [
        { key: "send_card_number", value: "4111 1111 1111 1112" },
        { key: "send_full_name", value: "X" },
        { key: "receive_wallet_address", value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" },
        { key: "surprise", value: "1" },
      ],
    });
    const response = await refused(form, "uk");
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual({
      email: "Неправильна адреса e-mail",
      "fields.send_card_number": "Неправильний номер картки",
      "fields.send_full_name": "Вкажіть ім’я та прізвище літерами",
      "fields.receive_wallet_address":
        "Неправильна адреса гаманця: перевірте мережу та кожен символ",
      "fields.surprise": "Це поле не стосується обраного напрямку",
    });
  });

  it("refuses a field given twice, naming it, in the visitor's language", async () => {
    const form = createForm(usdtToSber, { send_amount: "100" });
    const [first] = form.fields;
    const response = await refused({ ...form, fields: [...form.fields, { ...first! }] }, "uk");
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toEqual({
      [`fields.${first!.key}`]: "Це поле вказано в заявці двічі",
    });
  });

  it("names a missing required field by its label", async () => {
    const response = await refused(
      createForm(sberToUsdt, { send_amount: "6000", fields: [] }),
      "ru",
    );
    expect(response.body.error.fields["fields.send_card_number"]).toMatch(
      /^Номер карты.* — обязательное поле$/,
    );
  });

  it("takes the echoed currencies as ids (number or digits) or codes, and checks them", async () => {
    const { send_currency: send, receive_currency: receive } = usdtToSber.currency_pair;
    for (const [sendCurrency, receiveCurrency] of [
      [send.id, receive.id],
      [String(send.id), String(receive.id)],
      [send.url_xml, receive.currency_code.name.toLowerCase()],
    ]) {
      const created = await callApi(
        api.app,
        "/rest/exchange/create",
        createForm(usdtToSber, {
          send_amount: "100",
          send_currency: sendCurrency,
          receive_currency: receiveCurrency,
        }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const otherCurrency = await refused(
      createForm(usdtToSber, { send_amount: "100", send_currency: receive.id }),
    );
    expect(otherCurrency.body.error.fields).toEqual({
      send_currency: "Does not match the chosen direction — please reload the page",
    });
    const wrongType = await refused(
      createForm(usdtToSber, { send_amount: "100", receive_currency: true }),
    );
    expect(Object.keys(wrongType.body.error.fields)).toEqual(["receive_currency"]);
    expect(wrongType.body.error.fields.receive_currency).toMatch(/invalid value$/);
  });

  it("refuses echoed codes that do not match the pair, and unknown keys", async () => {
    const mismatch = await refused(
      createForm(usdtToSber, { send_amount: "100", send_key_code: "BTC" }),
    );
    expect(Object.keys(mismatch.body.error.fields)).toEqual(["send_key_code"]);
    const unknown = await refused({
      ...createForm(usdtToSber, { send_amount: "100" }),
      coupon: "FREE",
    });
    expect(unknown.body.error.fields).toEqual({ coupon: "coupon is not a known field" });
  });

  it("refuses wrong types without a 500", async () => {
    const response = await refused(
      createForm(usdtToSber, {
        send_amount: 100,
        fields: "card",
        currency_pairs_in_service_id: "abc",
      }),
    );
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.error.fields).sort()).toEqual(
      ["currency_pairs_in_service_id", "fields", "send_amount"].sort(),
    );
  });
});
