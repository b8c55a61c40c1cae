import { OrderInfo } from "@obmen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../../support/test-api.ts";

/** `/rest/exchange/info` is read by anyone holding the order's link (decision 023). */
describe("an order's fields in /rest/exchange/info", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  async function createAndRead(from: string, to: string, lang: "ru" | "uk") {
    const pair = findPair(await listPairs(api.app), from, to);
    const form = createForm(pair, {
      fields: pair.fields.map((field) => ({
        key: field.key,
        value:
          field.type === "card_number"
            ? "5555 5555 5555 4444"
            : field.type === "full_name"
              ? "Мар’яна Коваль-Шевченко"
              : "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      })),
    });
    const created = await callApi(api.app, "/rest/exchange/create", form, { lang });
    expect(created.status).toBe(200);
    const info = await callApi(
      api.app,
      "/rest/exchange/info",
      { exchange_uuid: created.body.data.exchange_uuid },
      { lang },
    );
    expect(info.status).toBe(200);
    return { raw: JSON.stringify(info.body), order: OrderInfo.parse(info.body.data) };
  }

  it("masks the payer's card and name, keeps the payout address, and tells each side", async () => {
    const { raw, order } = await createAndRead("SBERRUB", "USDTTRC20", "uk");
    expect(order.fields).toEqual([
      {
        key: "send_card_number",
        label: "Номер картки, з якої ви платите",
        value: "•••• 4444",
        side: "send",
      },
      expect.objectContaining({ key: "send_full_name", value: "М•••• К••••", side: "send" }),
      expect.objectContaining({
        key: "receive_wallet_address",
        value: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        side: "receive",
      }),
    ]);
    // Nowhere in the answer, in any form.
    expect(raw).not.toMatch(/5555\s?5555/);
    expect(raw).not.toContain("Коваль");
  });

  it("masks a payout card the same way", async () => {
    const { raw, order } = await createAndRead("USDTTRC20", "SBERRUB", "ru");
    expect(order.fields.map(({ key, value, side }) => ({ key, value, side }))).toEqual([
      { key: "receive_card_number", value: "•••• 4444", side: "receive" },
      { key: "receive_full_name", value: "М•••• К••••", side: "receive" },
    ]);
    expect(raw).not.toMatch(/5555\s?5555/);
  });
});
