import { createObmenClient, type Transport } from "@obmen/contracts/sdk";
import { orderReceipts } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair } from "../support/orders.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  // Every byte value, CR and LF included: the multipart body must carry bytes, not text.
  Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
]);

describe("the SDK's receipt upload against the real API", () => {
  let api: TestApi;
  let uuid: string;
  let attempts = 0;
  let failNext = false;
  const transport: Transport = async (request) => {
    attempts++;
    if (failNext) {
      failNext = false;
      return { status: 503, body: '{"error":{"code":"UNAVAILABLE","message":"down"}}' };
    }
    const response = await api.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.body };
  };
  const client = () => createObmenClient({ transport, credentials: TEST_CLIENT });
  const caller = { ip: "198.51.100.7", lang: "en" as const };

  beforeAll(async () => {
    api = await startTestApi();
    const pair = findPair(await client().currencyPairs.list(caller), "USDTTRC20", "SBERRUB");
    uuid = (await client().orders.create(caller, createForm(pair, { send_amount: "100" })))
      .exchange_uuid;
  });
  afterAll(() => api.close());

  it("stores the file byte for byte and lists it on the order", async () => {
    const { receipt_id } = await client().receipts.send(caller, {
      orderId: uuid,
      fileName: 'payment "May".png',
      content: PNG,
    });
    const [row] = await api.db.select().from(orderReceipts).where(eq(orderReceipts.id, receipt_id));
    expect(row?.orderId).toBe(uuid);
    expect(row?.mimeType).toBe("image/png");
    expect(Buffer.compare(row!.content, PNG)).toBe(0);
    const info = await client().orders.info(caller, uuid);
    expect(info.receipts.map((receipt) => receipt.id)).toEqual([receipt_id]);
  });

  it("surfaces the API's refusal in the caller's language", async () => {
    const upload = client().receipts.send(
      { ...caller, lang: "ru" },
      { orderId: uuid, fileName: "x.png", content: Buffer.from("not an image") },
    );
    await expect(upload).rejects.toMatchObject({
      status: 422,
      body: { error: { fields: { file: "Загрузите чек в формате JPEG, PNG или PDF" } } },
    });
  });

  it("never repeats an upload, which would attach the receipt twice", async () => {
    attempts = 0;
    failNext = true;
    const upload = client().receipts.send(caller, {
      orderId: uuid,
      fileName: "again.png",
      content: PNG,
    });
    await expect(upload).rejects.toMatchObject({ status: 503 });
    expect(attempts).toBe(1);
  });
});
