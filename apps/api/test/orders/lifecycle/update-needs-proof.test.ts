import { OrderInfo } from "@obmen/contracts";
import { orders } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAs, signUpUser, type TestUser } from "../../account/support/account-data-kit.ts";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../../support/test-api.ts";

/**
 * Issue 26 point 2, decision 052: the link shows an order, but moving it ("I paid", "cancel")
 * needs the creator's key, the order's e-mail or the owner's session.
 */
describe("/rest/exchange/update needs a proof beyond the link", () => {
  let api: TestApi;
  let owner: TestUser;
  beforeAll(async () => {
    api = await startTestApi();
    owner = await signUpUser(api, "walter@mail.test");
  });
  afterAll(() => api.close());

  async function newOrder(email = "Walter@mail.test") {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { email, send_amount: "100" }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data as { exchange_uuid: string; creator_key: string };
  }
  const statusOf = async (id: string) =>
    (await api.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;
  const update = (payload: Record<string, unknown>, lang: "en" | "ru" | "uk" = "en") =>
    callApi(api.app, "/rest/exchange/update", payload, { lang });

  it("refuses a move with the link alone, in the caller's language, and changes nothing", async () => {
    const { exchange_uuid } = await newOrder();
    for (const exchange_status of ["cancelled", "paid"]) {
      const refused = await update({ exchange_uuid, exchange_status }, "ru");
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: "FORBIDDEN",
        fields: { email: "Введите e-mail, с которым создана заявка." },
      });
    }
    expect(await statusOf(exchange_uuid)).toBe("new");
  });

  it("refuses a wrong e-mail and a wrong creator key, and changes nothing", async () => {
    const { exchange_uuid, creator_key } = await newOrder();
    const wrongEmail = await update(
      { exchange_uuid, exchange_status: "cancelled", email: "walter@mail.tes" },
      "uk",
    );
    expect(wrongEmail.status).toBe(403);
    expect(wrongEmail.body.error.fields).toEqual({
      email: "Це не той e-mail, з яким створено заявку.",
    });
    const other = await newOrder();
    const wrongKey = await update({
      exchange_uuid,
      exchange_status: "cancelled",
      creator_key: other.creator_key,
    });
    expect(wrongKey.status).toBe(403);
    expect(creator_key).not.toBe(other.creator_key);
    expect(await statusOf(exchange_uuid)).toBe("new");
  });

  it("accepts the creator's key", async () => {
    const { exchange_uuid, creator_key } = await newOrder();
    const paid = await update({ exchange_uuid, exchange_status: "paid", creator_key });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await statusOf(exchange_uuid)).toBe("paid");
  });

  it("accepts the order's e-mail, whatever its case and spaces", async () => {
    const { exchange_uuid } = await newOrder();
    const cancelled = await update({
      exchange_uuid,
      exchange_status: "cancelled",
      email: "  WALTER@mail.test ",
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await statusOf(exchange_uuid)).toBe("cancelled");
  });

  it("accepts the owner's session, and no other account's", async () => {
    const { exchange_uuid } = await newOrder();
    const stranger = await signUpUser(api, "stranger@mail.test");
    const refused = await callAs(api, stranger, "/rest/exchange/update", {
      exchange_uuid,
      exchange_status: "paid",
    });
    expect(refused.status).toBe(403);
    const paid = await callAs(api, owner, "/rest/exchange/update", {
      exchange_uuid,
      exchange_status: "paid",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await statusOf(exchange_uuid)).toBe("paid");
  });

  it("answers the creator's key again for a retried create", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const form = createForm(pair, { send_amount: "100", idempotency_key: "retry-proof-1" });
    const first = await callApi(api.app, "/rest/exchange/create", form);
    const again = await callApi(api.app, "/rest/exchange/create", form);
    expect(again.body.data).toEqual(first.body.data);
  });
});

describe("/rest/exchange/info shows the e-mail in full only to the creator and the owner", () => {
  let api: TestApi;
  let owner: TestUser;
  beforeAll(async () => {
    api = await startTestApi();
    owner = await signUpUser(api, "walter@mail.test");
  });
  afterAll(() => api.close());

  it("masks it for the link alone, and says the e-mail is needed to move the order", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { email: "walter@mail.test", send_amount: "100" }),
    );
    const { exchange_uuid, creator_key } = created.body.data;
    const info = async (payload: Record<string, unknown>) =>
      OrderInfo.parse((await callApi(api.app, "/rest/exchange/info", payload)).body.data);

    const byLink = await info({ exchange_uuid });
    expect(byLink).toMatchObject({ email: "wa•••@mail.test", email_required: true });
    expect(JSON.stringify(byLink)).not.toContain("walter");

    const byCreator = await info({ exchange_uuid, creator_key });
    expect(byCreator).toMatchObject({ email: "walter@mail.test", email_required: false });

    const wrongKey = await info({ exchange_uuid, creator_key: "x".repeat(43) });
    expect(wrongKey.email).toBe("wa•••@mail.test");

    const byOwner = await callAs(api, owner, "/rest/exchange/info", { exchange_uuid });
    expect(byOwner.body.data).toMatchObject({ email: "walter@mail.test", email_required: false });
  });
});
