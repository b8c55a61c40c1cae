import { mailOutbox } from "@obmen/db";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../support/test-api.ts";

describe("order e-mails are written with every order change", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it("queues a created mail with payment instructions, then one per status change, in the order's language", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: "100" }),
      {
        lang: "uk",
      },
    );
    const uuid = created.body.data.exchange_uuid;
    await callApi(api.app, "/rest/exchange/update", {
      exchange_uuid: uuid,
      exchange_status: "cancelled",
    });

    const mails = await api.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(mails.map((mail) => [mail.kind, mail.locale, mail.to])).toEqual([
      ["order_created", "uk", "customer@example.com"],
      ["order_status_changed", "uk", "customer@example.com"],
    ]);
    const [createdMail] = mails;
    expect(createdMail!.text).toContain(uuid);
    expect(createdMail!.text).toContain("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7");
    expect(createdMail!.text).toContain("/uk/order/");
    expect(createdMail!.text).not.toContain("4111111111111111");
  });

  it("queues nothing when the create is refused", async () => {
    const before = (await api.db.select().from(mailOutbox)).length;
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    await callApi(api.app, "/rest/exchange/create", createForm(pair, { send_amount: "1" }));
    expect((await api.db.select().from(mailOutbox)).length).toBe(before);
  });
});
