import type { CurrencyPairEntry } from "@obmen/contracts";
import { orders } from "@obmen/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs, VALID_FORMATTED } from "../../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../../support/test-api.ts";

// Issue 15: a payment system's account field checks its format (decision 025); "abc" for a
// field labelled "(4100…)" used to be accepted. Messages are written out, so a missing or
// wrong translation fails.
const MESSAGES = {
  yoomoney_wallet: {
    en: "This is not a YooMoney wallet number (41001…, 11 to 20 digits): copy it from the YooMoney app",
    ru: "Это не номер кошелька ЮMoney (41001…, от 11 до 20 цифр): скопируйте его из приложения ЮMoney",
    uk: "Це не номер гаманця ЮMoney (41001…, від 11 до 20 цифр): скопіюйте його із застосунку ЮMoney",
  },
  payeer_account: {
    en: "A Payeer account number is the letter P and 7 to 12 digits, e.g. P1234567",
    ru: "Номер счёта Payeer — буква P и от 7 до 12 цифр, например P1234567",
    uk: "Номер рахунку Payeer — літера P і від 7 до 12 цифр, наприклад P1234567",
  },
  advcash_usd_wallet: {
    en: "Enter your AdvCash e-mail or your USD wallet number: the letter U and 12 digits",
    ru: "Укажите e-mail в AdvCash или номер долларового кошелька: буква U и 12 цифр",
    uk: "Вкажіть e-mail в AdvCash або номер доларового гаманця: літера U і 12 цифр",
  },
  sbp_phone: {
    en: "SBP pays to Russian mobile numbers: +7 9XX XXX-XX-XX",
    ru: "СБП переводит на российские мобильные номера: +7 9XX XXX-XX-XX",
    uk: "СБП переказує на російські мобільні номери: +7 9XX XXX-XX-XX",
  },
} as const;

const LANGS = ["en", "ru", "uk"] as const;

describe("/rest/exchange/create checks each payment system's account format", () => {
  let api: TestApi;
  let pairs: CurrencyPairEntry[];
  const orderCount = async () => (await api.db.select({ total: count() }).from(orders))[0]!.total;

  beforeAll(async () => {
    api = await startTestApi();
    pairs = await listPairs(api.app);
  });
  afterAll(() => api.close());

  it("the catalogue gives every e-wallet account and SBP phone its format", () => {
    const formatOf = (code: string, key: string) => {
      const fields = pairs.flatMap((pair) => pair.fields);
      const currencyFields = pairs.flatMap((pair) => {
        const { send_currency: send, receive_currency: receive } = pair.currency_pair;
        return pair.fields.filter(
          (field) => (field.side === "send" ? send : receive).url_xml === code,
        );
      });
      expect(fields.length).toBeGreaterThan(0);
      return currencyFields.find((field) => field.key === key)?.format;
    };
    expect(formatOf("YAMRUB", "receive_account")).toBe("yoomoney_wallet");
    expect(formatOf("YAMRUB", "send_account")).toBe("yoomoney_wallet");
    expect(formatOf("PRUSD", "receive_account")).toBe("payeer_account");
    expect(formatOf("ADVCUSD", "send_account")).toBe("advcash_usd_wallet");
    expect(formatOf("SBPRUB", "send_phone")).toBe("sbp_phone");
    expect(formatOf("SBPRUB", "receive_phone")).toBe("sbp_phone");
    // Free text stays free: the recipient's bank has no format.
    expect(formatOf("SBPRUB", "receive_bank_name")).toBeNull();
  });

  const cases = [
    { pair: ["USDTTRC20", "YAMRUB"], key: "receive_account", format: "yoomoney_wallet" },
    { pair: ["YAMRUB", "USDTTRC20"], key: "send_account", format: "yoomoney_wallet" },
    { pair: ["USDTTRC20", "PRUSD"], key: "receive_account", format: "payeer_account" },
    { pair: ["USDTTRC20", "ADVCUSD"], key: "receive_account", format: "advcash_usd_wallet" },
    { pair: ["USDTTRC20", "SBPRUB"], key: "receive_phone", format: "sbp_phone" },
  ] as const;

  for (const { pair: codes, key, format } of cases) {
    it(`${codes.join("→")}: "abc" in ${key} is refused under fields.${key}, in ru/en/uk`, async () => {
      const pair = findPair(pairs, codes[0], codes[1]);
      const form = createForm(pair);
      const fields = (form.fields as { key: string; value: string }[]).map((field) =>
        field.key === key ? { key, value: "abc" } : field,
      );
      const before = await orderCount();
      for (const lang of LANGS) {
        const response = await callApi(
          api.app,
          "/rest/exchange/create",
          { ...form, fields },
          {
            lang,
          },
        );
        expect(response.status).toBe(422);
        expect(response.body.error.code).toBe("VALIDATION_FAILED");
        expect(response.body.error.fields).toEqual({ [`fields.${key}`]: MESSAGES[format][lang] });
      }
      expect(await orderCount()).toBe(before);
    });
  }

  it("a well-formed account goes through, stored in its normal form", async () => {
    const pair = findPair(pairs, "USDTTRC20", "YAMRUB");
    expect(VALID_FORMATTED.yoomoney_wallet).toBe("4100 1116 1616 877");
    const response = await callApi(api.app, "/rest/exchange/create", createForm(pair));
    expect(response.body.error).toBeUndefined();
    const [row] = await api.db
      .select({ fields: orders.fields })
      .from(orders)
      .where(eq(orders.id, response.body.data.exchange_uuid));
    expect(row?.fields).toContainEqual({ key: "receive_account", value: "410011161616877" });
  });
});
