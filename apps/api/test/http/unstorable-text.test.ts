import type { CurrencyPairEntry } from "@obmen/contracts";
import { signData, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { orders } from "@obmen/db";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import { callApi, startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

// Issue 16 point 3: a NUL or a lone surrogate in any string answered 500 on both engines
// (PostgreSQL refuses to store either). Now a 422 naming the field, and nothing stored.
describe("strings PostgreSQL cannot store", () => {
  let api: TestApi;
  let pair: CurrencyPairEntry;
  const orderCount = async () => (await api.db.select({ total: count() }).from(orders))[0]!.total;

  beforeAll(async () => {
    api = await startTestApi();
    pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
  });
  afterAll(() => api.close());

  const cases: [string, Record<string, unknown>, string][] = [
    ["a NUL in the e-mail", { email: "a\u0000@example.com" }, "email"],
    [
      "a lone high surrogate in the idempotency key",
      { idempotency_key: "key-\ud800-0001" },
      "idempotency_key",
    ],
    [
      "a lone low surrogate in a field value",
      { fields: [{ key: "receive_card_number", value: "\udc00" }] },
      "fields.0.value",
    ],
  ];
  it.each(cases)(
    "refuses %s under its field, in the request's language",
    async (_name, override, field) => {
      const before = await orderCount();
      const response = await callApi(api.app, "/rest/exchange/create", createForm(pair, override), {
        lang: "ru",
      });
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(response.body.error.fields)).toEqual([field]);
      expect(response.body.error.fields[field]).toMatch(
        /: недопустимый символ \(нулевой байт или разорванный символ Юникода\)$/,
      );
      expect(await orderCount()).toBe(before);
    },
  );

  it("keeps a well-formed surrogate pair: an emoji is a character like any other", async () => {
    // An internationalised address (RFC 6531) is valid; only broken text is refused.
    const response = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { email: "😀@example.com" }),
    );
    expect(response.status).toBe(200);
  });

  it("refuses a NUL in the envelope's public_key as a bad envelope", async () => {
    const timestamp = Date.now();
    const data = Buffer.from(
      JSON.stringify({
        public_key: `${TEST_CLIENT.publicKey}\u0000`,
        ip: "203.0.113.7",
        timestamp,
      }),
    ).toString("base64");
    const response = await api.app.inject({
      method: "POST",
      url: "/rest/currency_pair/list",
      headers: { [TIMESTAMP_HEADER]: String(timestamp) },
      payload: { data, signed: signData(data, TEST_CLIENT.secret, "sha256") },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("BAD_ENVELOPE");
  });
});
