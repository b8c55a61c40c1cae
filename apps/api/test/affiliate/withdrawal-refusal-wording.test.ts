import { AppError } from "@obmen/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWithdrawal } from "../../src/affiliate/withdrawals/create-withdrawal.ts";
import { createNewWithdrawalQueue } from "../../src/affiliate/withdrawals/new-withdrawal-queue.ts";
import { createWithdrawalCurrencyCache } from "../../src/affiliate/withdrawals/withdrawal-currency-cache.ts";
import { createLocalCatalogueChanges } from "../../src/catalogue/catalogue-changes.ts";
import { callAs, signUpUser, type TestUser } from "../account/support/account-data-kit.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";
import { credit, SETTINGS, TRON_ADDRESS, usdtTrc20 } from "./support/affiliate-kit.ts";

/** Between an amount and its code: formatAmount's no-break space (decision 022). */
const NBSP = "\u00a0";

/**
 * A refused withdrawal words its amounts as the site writes them (grouped, the locale's decimal
 * sign, the code after a no-break space), while `details.available` stays the machine form.
 */
describe("a refused withdrawal's amounts", () => {
  let api: TestApi;
  let partner: TestUser;
  beforeAll(async () => {
    api = await startTestApi();
    partner = await signUpUser(api, "wording-partner@example.com");
    // The first affiliate call makes the partner, whom the ledger then credits.
    expect((await callAs(api, partner, "/rest/ref_channel/info")).status).toBe(200);
    await credit(api.db, partner.id, "1234.5");
  });
  afterAll(() => api?.close());

  const withdraw = async (amount: string, lang: "ru" | "en" | "uk") =>
    callAs(
      api,
      partner,
      "/rest/ref_withdrawal/create",
      {
        currency_id: await usdtTrc20(api.db),
        amount,
        fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
      },
      { lang },
    );

  it("writes the available balance grouped, in the request's language", async () => {
    const expected = {
      ru: `Недостаточно средств: доступно 1${NBSP}234,5${NBSP}USDT`,
      en: `Not enough on your balance: 1,234.5${NBSP}USDT available`,
      uk: `Недостатньо коштів: доступно 1${NBSP}234,5${NBSP}USDT`,
    };
    for (const [lang, message] of Object.entries(expected) as ["ru" | "en" | "uk", string][]) {
      const refused = await withdraw("5000", lang);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.error.fields.amount).toBe(message);
      expect(refused.body.error.details).toEqual({ available: "1234.5" });
    }
  });

  it("writes the minimum the same way", async () => {
    const ru = await withdraw("5", "ru");
    expect(ru.status, ru.text).toBe(422);
    expect(ru.body.error.fields.amount).toBe(`Минимальная сумма вывода — 10${NBSP}USDT`);
    const en = await withdraw("5", "en");
    expect(en.body.error.fields.amount).toBe(`The minimum withdrawal is 10${NBSP}USDT`);
  });

  it("groups a configured minimum with places as well", async () => {
    const settings = { ...SETTINGS, minWithdrawal: "1500.25" };
    const refused = await createWithdrawal({
      currencies: createWithdrawalCurrencyCache({
        db: api.db,
        settings,
        changes: createLocalCatalogueChanges(),
      }),
      newWithdrawals: createNewWithdrawalQueue({ db: api.db }),
      settings,
      userId: partner.id,
      lang: "en",
      currencyId: await usdtTrc20(api.db),
      amount: "15",
      fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).fields?.amount?.values).toEqual({
      min: `1,500.25${NBSP}USDT`,
    });
  });
});
