import { CurrencyPairListResponse, CurrencyPairResponse } from "@obmen/contracts";
import { currencyPairs } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, startTestApi, type TestApi } from "../support/test-api.ts";

describe("/rest/currency_pair/list and /rest/currency_pair", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it("lists every active pair in the spec's shape with decimal strings", async () => {
    const { status, body } = await callApi(api.app, "/rest/currency_pair/list");
    expect(status).toBe(200);
    const parsed = CurrencyPairListResponse.parse(body);
    expect(parsed.data.length).toBeGreaterThanOrEqual(60);
    const btcToSber = parsed.data.find(
      (p) =>
        p.currency_pair.send_currency.url_xml === "BTC" &&
        p.currency_pair.receive_currency.url_xml === "SBERRUB",
    );
    expect(btcToSber).toBeDefined();
    expect(btcToSber!.rate.send_rate).toBe("1");
    expect(btcToSber!.currency_pair.send_currency.currency_in_services.decimal).toBe(8);
    expect(btcToSber!.fields.some((f) => f.side === "receive" && f.type === "card_number")).toBe(
      true,
    );
    for (const entry of parsed.data) {
      expect(entry.rate.send_rate === "1" || entry.rate.receive_rate === "1").toBe(true);
      expect(entry.currency_pair.send_currency.pay_system.icon).toMatch(/^\/icons\/.+\.svg$/);
    }
  });

  it("labels order fields in the request's language", async () => {
    const ru = await callApi(api.app, "/rest/currency_pair/list", {}, { lang: "ru" });
    const uk = await callApi(api.app, "/rest/currency_pair/list", {}, { lang: "uk" });
    const labelsRu = ru.body.data[0].fields.map((f: { label: string }) => f.label);
    const labelsUk = uk.body.data[0].fields.map((f: { label: string }) => f.label);
    expect(labelsRu).not.toEqual(labelsUk);
    expect(labelsRu.join(" ")).toMatch(/[а-яё]/i);
  });

  it("names payment systems in the request's language, keeping one wire field", async () => {
    const sberName = async (lang: "ru" | "en" | "uk") => {
      const { body } = await callApi(api.app, "/rest/currency_pair/list", {}, { lang });
      const entry = CurrencyPairListResponse.parse(body).data.find(
        (pair) => pair.currency_pair.receive_currency.url_xml === "SBERRUB",
      );
      return entry?.currency_pair.receive_currency.pay_system.name;
    };
    expect(await sberName("ru")).toBe("Сбербанк");
    expect(await sberName("en")).toBe("Sberbank");
    expect(await sberName("uk")).toBe("Сбербанк");
  });

  it("answers one pair by currency_pairs_in_service_id", async () => {
    const list = await callApi(api.app, "/rest/currency_pair/list");
    const id = list.body.data[3].id;
    const { status, body } = await callApi(api.app, "/rest/currency_pair", {
      currency_pairs_in_service_id: id,
    });
    expect(status).toBe(200);
    expect(CurrencyPairResponse.parse(body).data).toEqual(list.body.data[3]);
  });

  it("answers an unknown pair with NOT_FOUND and a missing id with a field message", async () => {
    const unknown = await callApi(api.app, "/rest/currency_pair", {
      currency_pairs_in_service_id: 999_999,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
    const missing = await callApi(api.app, "/rest/currency_pair", {}, { lang: "en" });
    expect(missing.status).toBe(422);
    expect(missing.body.error.fields).toEqual({
      currency_pairs_in_service_id: "Exchange direction is a required field",
    });
    const missingRu = await callApi(api.app, "/rest/currency_pair", {}, { lang: "ru" });
    expect(missingRu.body.error.fields.currency_pairs_in_service_id).toBe(
      "Направление обмена — обязательное поле",
    );
  });

  it("serves from the cache until a catalogue change invalidates it", async () => {
    const before = await callApi(api.app, "/rest/currency_pair/list");
    const pair = before.body.data[0];
    const changedRate =
      pair.rate.send_rate === "1" ? { receiveRate: "12345.678" } : { sendRate: "12345.678" };
    await api.db.update(currencyPairs).set(changedRate).where(eq(currencyPairs.id, pair.id));

    const cached = await callApi(api.app, "/rest/currency_pair/list");
    expect(cached.body.data[0].rate).toEqual(pair.rate);

    await api.catalogueChanges.publish();
    const fresh = await callApi(api.app, "/rest/currency_pair/list");
    const rate = fresh.body.data[0].rate;
    expect(pair.rate.send_rate === "1" ? rate.receive_rate : rate.send_rate).toBe("12345.678");
  });
});
