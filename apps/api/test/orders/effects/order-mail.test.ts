import { currencies, mailOutbox } from "@obmen/db";
import { asc, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withLetter } from "../../mail/support/mail-test-kit.ts";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../../support/test-api.ts";

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
      creator_key: created.body.data.creator_key,
    });

    const rows = await api.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    // Stored as what the letters are rendered from, with the subject for listings; the
    // letters themselves are rendered on delivery.
    for (const row of rows) {
      expect(row).toMatchObject({ text: null, html: null });
      expect(row.content).toMatchObject({ order: { id: uuid }, appUrl: expect.any(String) });
    }
    // A JSON object in the column, not a JSON string holding one (Drizzle would hide that).
    const kinds = await api.db.execute<{ kind: string }>(
      sql`select jsonb_typeof(content) as kind from mail_outbox order by id`,
    );
    expect(kinds.rows).toEqual([{ kind: "object" }, { kind: "object" }]);
    expect(rows[0]!.subject).toBe(`Заявку ${uuid.slice(0, 8)} створено`);
    const mails = rows.map(withLetter);
    expect(mails[0]!.subject).toBe(rows[0]!.subject);
    expect(mails.map((mail) => [mail.kind, mail.locale, mail.to])).toEqual([
      ["order_created", "uk", "customer@example.com"],
      ["order_status_changed", "uk", "customer@example.com"],
    ]);
    const [createdMail] = mails;
    expect(createdMail!.text).toContain(uuid);
    expect(createdMail!.text).toContain("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7");
    // The demo catalogue's address: the letter says not to pay it (decision 018).
    expect(createdMail!.text).toContain("Демо-реквізити — не сплачуйте.");
    expect(createdMail!.text).toContain("/uk/order/");
    expect(createdMail!.text).not.toContain("4111111111111111");
  });

  it("queues nothing when the create is refused", async () => {
    const before = (await api.db.select().from(mailOutbox)).length;
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    await callApi(api.app, "/rest/exchange/create", createForm(pair, { send_amount: "1" }));
    expect((await api.db.select().from(mailOutbox)).length).toBe(before);
  });

  it("tells where to pay now, even when the payment details changed after the last order", async () => {
    const pair = findPair(await listPairs(api.app), "USDTTRC20", "SBERRUB");
    const create = async () => {
      const created = await callApi(
        api.app,
        "/rest/exchange/create",
        createForm(pair, { send_amount: "100" }),
      );
      expect(created.status).toBe(200);
      const [mail] = await api.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
      return { uuid: created.body.data.exchange_uuid as string, text: withLetter(mail!).text };
    };
    const before = await create();
    expect(before.text).toContain("Demo details — do not pay.");
    // The operator's edit, not yet announced to this process's caches.
    const newTarget = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf";
    await api.db
      .update(currencies)
      .set({ paymentTarget: newTarget })
      .where(eq(currencies.urlXml, "USDTTRC20"));
    const after = await create();
    expect(after.text).toContain(newTarget);
    expect(after.text).not.toContain("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7");
    // The operator's own address is no demo: no warning, with no flag to clear by hand.
    expect(after.text).not.toContain("Demo details");
    const info = await callApi(api.app, "/rest/exchange/info", { exchange_uuid: after.uuid });
    expect(info.body.data.payment).toMatchObject({ target: newTarget, demo: false });
  });
});
