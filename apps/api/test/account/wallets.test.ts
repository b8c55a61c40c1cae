import { currencies, currencyFields, userWallets } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WALLETS_PER_USER } from "../../src/account/user-records.ts";
import type { TestApi } from "../support/test-api.ts";
import {
  callAs,
  currencyId,
  signUpUser,
  startAccountDataApi,
  type TestUser,
} from "./support/account-data-kit.ts";

const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe("saved wallets: /rest/user/wallet/list|create|delete", () => {
  let api: TestApi;
  let user: TestUser;
  let usdt: number;
  let sber: number;
  beforeAll(async () => {
    api = await startAccountDataApi();
    user = await signUpUser(api, "wallets@example.com");
    usdt = await currencyId(api, "USDTTRC20");
    sber = await currencyId(api, "SBERRUB");
  });
  afterAll(() => api?.close());

  const create = (payload: Record<string, unknown>, lang: "en" | "ru" | "uk" = "en") =>
    callAs(api, user, "/rest/user/wallet/create", payload, { lang });
  const list = async () => (await callAs(api, user, "/rest/user/wallet/list")).body.data as any[];

  it("saves a crypto address into the currency's main receive field", async () => {
    const result = await create({
      currency_id: usdt,
      value: `  ${TRON_ADDRESS} `,
      label: " My\nLedger ",
    });
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toEqual({
      id: expect.any(Number),
      currency_id: usdt,
      field_key: "receive_wallet_address",
      value: TRON_ADDRESS,
      label: "My Ledger",
      created_at: expect.any(String),
    });
  });

  it("normalises a card number like the order form does, and takes a string id", async () => {
    const result = await create({ currency_id: String(sber), value: "4111-1111 1111-1111" });
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toMatchObject({
      field_key: "receive_card_number",
      value: "4111111111111111",
      label: "",
    });
  });

  it("fills the SBP phone, the first required receive field of that currency", async () => {
    const sbp = await currencyId(api, "SBPRUB");
    const result = await create({ currency_id: sbp, value: "+7 (900) 123-45-67" });
    expect(result.status, result.text).toBe(200);
    expect(result.body.data).toMatchObject({ field_key: "receive_phone", value: "+79001234567" });
  });

  it("lists the user's wallets, newest first", async () => {
    const wallets = await list();
    expect(wallets.map((wallet) => wallet.field_key)).toEqual([
      "receive_phone",
      "receive_card_number",
      "receive_wallet_address",
    ]);
  });

  it("refuses a value the order field would refuse, in the field's own words", async () => {
    const wrong = await create({
      currency_id: usdt,
      value: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { value: "This is not a valid wallet address for this network" },
    });
    const card = await create({ currency_id: sber, value: "4111 1111 1111 1112" }, "ru");
    expect(card.body.error.fields).toEqual({ value: "Неверный номер карты" });
    const empty = await create({ currency_id: sber, value: "   " });
    expect(empty.body.error.fields).toEqual({
      value: "Card number to receive the payout is a required field",
    });
    expect((await create({ currency_id: sber, value: "4".repeat(600) })).status).toBe(422);
  });

  it("refuses an unknown currency, a switched-off one and one that needs no payout details", async () => {
    const huge = await create({ currency_id: Number.MAX_SAFE_INTEGER, value: "x" });
    expect(huge.status).toBe(422);
    expect(Object.keys(huge.body.error.fields)).toEqual(["currency_id"]);
    const unknown = await create({ currency_id: 999_999, value: "x" }, "uk");
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields).toEqual({
      currency_id: "Такої валюти немає серед доступних для обміну.",
    });
    const ltc = await currencyId(api, "LTC");
    await api.db.update(currencies).set({ active: false }).where(eq(currencies.id, ltc));
    const off = await create({
      currency_id: ltc,
      value: "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea",
    });
    expect(off.body.error.fields).toEqual({
      currency_id: "The exchange does not serve this currency.",
    });

    const doge = await currencyId(api, "DOGE");
    await api.db.delete(currencyFields).where(eq(currencyFields.currencyId, doge));
    const fieldless = await create({
      currency_id: doge,
      value: "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L",
    });
    expect(fieldless.status).toBe(422);
    expect(fieldless.body.error.fields).toEqual({
      currency_id: "This currency needs no payout details, so there is nothing to save.",
    });
  });

  it("refuses the same details twice and a malformed request", async () => {
    const again = await create({ currency_id: usdt, value: TRON_ADDRESS, label: "again" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "CONFLICT",
      fields: { value: "These details are already saved." },
    });
    for (const payload of [
      { currency_id: usdt },
      { value: TRON_ADDRESS },
      { currency_id: 0, value: TRON_ADDRESS },
      { currency_id: usdt, value: TRON_ADDRESS, label: "x".repeat(101) },
      { currency_id: usdt, value: TRON_ADDRESS, field_key: "receive_memo" },
      { currency_id: [usdt], value: TRON_ADDRESS },
    ]) {
      const refused = await create(payload);
      expect(refused.status, JSON.stringify(payload)).toBe(422);
    }
    expect(await list()).toHaveLength(3);
  });

  it(`keeps at most ${MAX_WALLETS_PER_USER} wallets per user`, async () => {
    const room = MAX_WALLETS_PER_USER - (await list()).length;
    await api.db.insert(userWallets).values(
      Array.from({ length: room }, (_, i) => ({
        userId: user.id,
        currencyId: sber,
        fieldKey: "receive_card_number",
        value: `cap-${i}`,
      })),
    );
    const full = await create({ currency_id: sber, value: "5555 5555 5555 4444" }, "ru");
    expect(full.status).toBe(409);
    expect(full.body.error.fields).toEqual({
      value: "Сохранить можно не больше 50 кошельков. Удалите тот, что больше не нужен.",
    });
    await api.db.delete(userWallets).where(eq(userWallets.value, "cap-0"));
    expect((await create({ currency_id: sber, value: "5555 5555 5555 4444" })).status).toBe(200);
  });

  it("deletes a wallet once; an unknown id is 404", async () => {
    const [wallet] = await list();
    const deleted = await callAs(api, user, "/rest/user/wallet/delete", { id: wallet.id });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.text).toBe('{"data":{}}');
    const again = await callAs(
      api,
      user,
      "/rest/user/wallet/delete",
      { id: wallet.id },
      { lang: "ru" },
    );
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("NOT_FOUND");
    expect((await list()).some((left) => left.id === wallet.id)).toBe(false);
    expect(
      (await callAs(api, user, "/rest/user/wallet/delete", { id: 2_000_000_000 })).status,
    ).toBe(404);
    expect((await callAs(api, user, "/rest/user/wallet/delete", { id: "abc" })).status).toBe(422);
    // Beyond what an integer column holds: not a row, not a database error.
    for (const id of [2_147_483_648, Number.MAX_SAFE_INTEGER, "999999999999999"]) {
      expect((await callAs(api, user, "/rest/user/wallet/delete", { id })).status).toBe(404);
    }
  });
});
