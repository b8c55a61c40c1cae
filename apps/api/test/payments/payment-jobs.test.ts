import { orders } from "@obmen/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import { callApi, startTestApi, type TestApi } from "../support/test-api.ts";
import { FakeChainServers } from "./fake-chain-servers.ts";
import { BIP84_ZPUB, bindWatch } from "./payment-fixtures.ts";

/**
 * The watchers as the server runs them (issue 28 point 5): pg-boss jobs asked for every poll
 * interval; a source that fails is retried, and the payment is credited once it answers.
 */
describe("payment watchers as jobs", () => {
  let api: TestApi;
  let chain: FakeChainServers;

  beforeAll(async () => {
    chain = await new FakeChainServers().start();
    api = await startTestApi({
      jobs: true,
      payments: {
        esploraUrl: chain.url,
        trongridUrl: chain.url,
        pollSeconds: 1,
        graceMs: 3_600_000,
      },
    });
    await bindWatch(api.db, "BTC", { kind: "esplora", xpub: BIP84_ZPUB, confirmations: 1 });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await chain?.stop();
  });

  const statusOf = async (uuid: string) =>
    (await api.db.select().from(orders).where(eq(orders.id, uuid)))[0]!.status;

  it("credits a confirmed payment by itself, after its source came back from failing", async () => {
    const pair = findPair(await listPairs(api.app), "BTC", "SBERRUB");
    const created = await callApi(
      api.app,
      "/rest/exchange/create",
      createForm(pair, { send_amount: "0.01" }),
    );
    const uuid = created.body.data.exchange_uuid as string;
    // Nobody opens the page: the pass itself gives the order its address.
    await expect
      .poll(() => chain.requests.some((line) => line.startsWith("GET /address/")), {
        timeout: 15_000,
      })
      .toBe(true);
    const [target] = (
      await callApi(api.app, "/rest/exchange/info", { exchange_uuid: uuid })
    ).body.data.payment.target.split(" ");
    chain.broken = "down";
    chain.payBitcoin(target, "7".repeat(64), 1_000_000, chain.tip);
    const failing = chain.requests.length;
    await expect.poll(() => chain.requests.length > failing + 1, { timeout: 15_000 }).toBe(true);
    expect(await statusOf(uuid)).toBe("new");
    chain.broken = null;
    await expect.poll(() => statusOf(uuid), { timeout: 60_000, interval: 500 }).toBe("paid");
  }, 90_000);
});
