import type { CreateOrderRequest } from "@obmen/contracts";
import { ApiCallError, type ObmenClient } from "@obmen/contracts/sdk";
import { describe, expect, it } from "vitest";
import { getServerT } from "../i18n/catalogs.server.ts";
import { createOrder } from "./create-order.server.ts";

const ORDER_ID = "3f2a1c9e-4b7d-4e21-9a0c-5d8e6f1b2a3c";
const caller = { ip: "127.0.0.1", lang: "ru" as const };
const t = getServerT("ru");

/** The calculator's form as the browser posts it (USDT TRC20 → Sberbank RUB). */
function postedForm(overrides: Record<string, string | null> = {}) {
  const entries: Record<string, string | null> = {
    currency_pairs_in_service_id: "7",
    send_rate: "1",
    receive_rate: "81.164",
    fixed_side: "send",
    send_key_code: "USDTTRC20",
    receive_key_code: "SBERRUB",
    send_decimal: "6",
    receive_decimal: "2",
    send_amount: "1 000,5",
    receive_amount: "81 204,58",
    "fields.receive_card_number": "4111 1111 1111 1111",
    "fields.receive_full_name": "Ivan Petrov",
    email: "buyer@example.com",
    agreement: "on",
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) if (value !== null) form.set(name, value);
  return form;
}

function apiAnswering(answer: (request: CreateOrderRequest) => unknown) {
  const requests: CreateOrderRequest[] = [];
  const api = {
    orders: {
      create: async (_caller: unknown, request: CreateOrderRequest) => {
        requests.push(request);
        return answer(request);
      },
    },
  } as unknown as ObmenClient;
  return { api, requests };
}

const quietLog = { warn: () => {}, error: () => {} };
const created = () => ({
  exchange_uuid: ORDER_ID,
  exchange_status: "new",
  creator_key: "k".repeat(43),
});
const refusal = (status: number, code: string, fields?: Record<string, string>) => () => {
  throw new ApiCallError(status, { error: { code, message: `${code} message`, fields } } as never);
};

describe("the calculator's action", () => {
  it("sends the API's own request: the typed amount read in the locale, fields by key", async () => {
    const { api, requests } = apiAnswering(created);
    const result = await createOrder({
      log: quietLog,
      api,
      caller,
      formData: postedForm(),
      locale: "ru",
    });
    expect(result).toEqual({ orderId: ORDER_ID, creatorKey: "k".repeat(43) });
    expect(requests).toEqual([
      {
        currency_pairs_in_service_id: 7,
        email: "buyer@example.com",
        fields: [
          { key: "receive_card_number", value: "4111 1111 1111 1111" },
          { key: "receive_full_name", value: "Ivan Petrov" },
        ],
        send_amount: "1000.5",
        fixed_side: "send",
        send_rate: "1",
        receive_rate: "81.164",
        send_key_code: "USDTTRC20",
        receive_key_code: "SBERRUB",
        send_decimal: 6,
        receive_decimal: 2,
        agreement: true,
      },
    ]);
  });

  it("sends only the receive amount when the visitor typed that one", async () => {
    const { api, requests } = apiAnswering(created);
    const formData = postedForm({ fixed_side: "receive", receive_amount: "8 116,40" });
    await createOrder({ log: quietLog, api, caller, formData, locale: "ru" });
    expect(requests[0]).toMatchObject({ receive_amount: "8116.40", fixed_side: "receive" });
    expect(requests[0]).not.toHaveProperty("send_amount");
  });

  it("refuses a missing or unreadable amount and a missing agreement without calling the API", async () => {
    const { api, requests } = apiAnswering(created);
    const empty = await createOrder({
      log: quietLog,
      api,
      caller,
      formData: postedForm({ send_amount: " ", agreement: null }),
      locale: "ru",
    });
    expect(empty).toMatchObject({
      errors: {
        send_amount: t("Amount.required"),
        agreement: t("Calculator.AgreementRequired"),
      },
      message: null,
      values: { send_amount: " ", email: "buyer@example.com" },
    });
    const words = await createOrder({
      log: quietLog,
      api,
      caller,
      formData: postedForm({ send_amount: "сто" }),
      locale: "ru",
    });
    expect(words).toMatchObject({ errors: { send_amount: t("Amount.not_a_number") } });
    expect(requests).toEqual([]);
  });

  it("puts a value the request schema refuses next to its input, by the field's key", async () => {
    const { api, requests } = apiAnswering(created);
    const result = await createOrder({
      log: quietLog,
      api,
      caller,
      formData: postedForm({ "fields.receive_full_name": "x".repeat(600) }),
      locale: "ru",
    });
    expect(result).toMatchObject({
      errors: { "fields.receive_full_name": t("OrderField.too_long") },
      message: null,
    });
    expect(requests).toEqual([]);
  });

  it("calls a page with a tampered or outdated hidden input stale", async () => {
    const { api, requests } = apiAnswering(created);
    for (const formData of [
      postedForm({ send_rate: "cheap" }),
      postedForm({ currency_pairs_in_service_id: "-1" }),
      postedForm({ unexpected: "x" }),
    ]) {
      const result = await createOrder({ log: quietLog, api, caller, formData, locale: "ru" });
      expect(result).toMatchObject({ errors: {}, message: t("Calculator.StalePage") });
    }
    expect(requests).toEqual([]);
  });

  it("shows the API's refusals next to their inputs, or as a stale page when no input has them", async () => {
    const byKey = apiAnswering(
      refusal(422, "VALIDATION_FAILED", { "fields.receive_card_number": "bad card" }),
    );
    expect(
      await createOrder({
        log: quietLog,
        api: byKey.api,
        caller,
        formData: postedForm(),
        locale: "ru",
      }),
    ).toMatchObject({
      errors: { "fields.receive_card_number": "bad card" },
      message: "VALIDATION_FAILED message",
    });
    const byPosition = apiAnswering(
      refusal(422, "VALIDATION_FAILED", { "fields.1.value": "too long" }),
    );
    expect(
      await createOrder({
        log: quietLog,
        api: byPosition.api,
        caller,
        formData: postedForm(),
        locale: "ru",
      }),
    ).toMatchObject({ errors: { "fields.receive_full_name": "too long" } });
    const unknown = apiAnswering(refusal(422, "VALIDATION_FAILED", { send_rate: "mismatch" }));
    expect(
      await createOrder({
        log: quietLog,
        api: unknown.api,
        caller,
        formData: postedForm(),
        locale: "ru",
      }),
    ).toMatchObject({ errors: {}, message: t("Calculator.StalePage") });
  });
});
