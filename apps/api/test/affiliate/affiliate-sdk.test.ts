import { ApiCallError, createObmenClient, type Transport } from "@obmen/contracts/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser } from "../account/support/account-data-kit.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";
import { credit, TRON_ADDRESS } from "./support/affiliate-kit.ts";

/** The web tier's way into the programme: `client.affiliate.*`, every answer parsed. */
describe("the SDK's affiliate calls against the real API", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const transport: Transport = async (request) => {
    const response = await api.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.body };
  };
  const client = createObmenClient({ transport, credentials: TEST_CLIENT });

  it("lists, creates, clicks, withdraws and reads the history", async () => {
    const user = await signUpUser(api, "sdk-partner@example.com");
    const partner = { ip: user.ip, lang: "ru" as const, userAuthToken: user.token };
    const [main] = await client.affiliate.channels(partner);
    expect(main).toMatchObject({ name: "Основная ссылка", is_default: true });
    // Named in the reader's language, whichever language made it (issue 26, point 6).
    const [mainInEnglish] = await client.affiliate.channels({ ...partner, lang: "en" });
    expect(mainInEnglish).toMatchObject({ name: "Main link", rid: main!.rid });
    const [mainInUkrainian] = await client.affiliate.channels({ ...partner, lang: "uk" });
    expect(mainInUkrainian).toMatchObject({ name: "Основне посилання", rid: main!.rid });
    const blog = await client.affiliate.createChannel(partner, { name: "Блог" });
    expect(blog.ref_link).toBe(`http://localhost/?rid=${blog.rid}`);
    expect(await client.affiliate.click({ ip: "192.0.2.77", lang: "ru" }, blog.rid)).toEqual({
      counted: true,
    });
    expect((await client.affiliate.referrals(partner)).total).toBe(0);
    const [currency] = await client.affiliate.withdrawalCurrencies(partner);
    const form = {
      currency_id: currency!.id,
      amount: "12",
      fields: [{ key: currency!.fields[0]!.key, value: TRON_ADDRESS }],
    };
    const refused = await client.affiliate.createWithdrawal(partner, form).catch((error) => error);
    expect(refused).toBeInstanceOf(ApiCallError);
    expect(refused.status).toBe(409);
    await credit(api.db, user.id, "20");
    expect(await client.affiliate.createWithdrawal(partner, form)).toMatchObject({
      amount: "12",
      status: "requested",
    });
    expect((await client.affiliate.info(partner)).balance).toEqual({
      available: "8",
      on_hold: "12",
      paid: "0",
      currency: "USDT",
      debt: "0",
    });
    expect(await client.affiliate.withdrawals(partner)).toHaveLength(1);
  });
});
