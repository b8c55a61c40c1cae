import { type CurrencyPairEntry, LOCALES } from "@obmen/contracts";
import { orders } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOrderMailDisplay } from "../../../src/mail/index.ts";
import { mailDisplayOf } from "../../../src/orders/create/mail-display-of.ts";
import { callApi, startTestApi, type TestApi } from "../../support/test-api.ts";

// A create builds its mail from the pair entry instead of reading the catalogue under the
// order's transaction: it must say exactly what a status-change mail (read from the tables) says.
describe("a new order's mail display, taken from the pair entry", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it("equals what loadOrderMailDisplay reads for every pair and language", async () => {
    for (const lang of LOCALES) {
      const pairs: CurrencyPairEntry[] = (
        await callApi(api.app, "/rest/currency_pair/list", {}, { lang })
      ).body.data;
      expect(pairs.length).toBeGreaterThan(0);
      for (const pair of pairs) {
        const [order] = await api.db
          .insert(orders)
          .values({
            pairId: pair.id,
            sendCurrencyId: pair.currency_pair.send_currency.id,
            receiveCurrencyId: pair.currency_pair.receive_currency.id,
            status: "new",
            sendAmount: "1",
            receiveAmount: "1",
            sendRate: pair.rate.send_rate,
            receiveRate: pair.rate.receive_rate,
            comissionAmount: pair.rate.comission_amount,
            sendRateReal: pair.rate.send_rate_real,
            receiveRateReal: pair.rate.receive_rate_real,
            email: "customer@example.com",
            locale: lang,
            fields: [],
            clientIp: "203.0.113.7",
            expiresAt: new Date(Date.now() + 60_000),
          })
          .returning();
        expect(mailDisplayOf(pair), `${lang} pair ${pair.id}`).toEqual(
          await loadOrderMailDisplay({ tx: api.db, order: order! }),
        );
        await api.db.delete(orders).where(eq(orders.id, order!.id));
      }
    }
  });
});
