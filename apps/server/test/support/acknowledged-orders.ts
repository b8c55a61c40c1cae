import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { createForm, findPair } from "../../../api/test/support/orders.ts";
import {
  type CurrencyPairEntry,
  killHard,
  type ServerProcess,
  signedCall,
  startServerProcess,
} from "./server-process.ts";

/**
 * Issue 16 point 2, the same on either engine: every order the server answered 200 for is
 * there after a SIGKILL, whether the kill came between calls or in the middle of a burst.
 */
export async function expectAcknowledgedOrdersToSurviveSigkill(env: Record<string, string>) {
  const acknowledged: string[] = [];
  let server = await startServerProcess(env);
  try {
    const pair = await demoPair(server);
    // Between calls: each answered, then the process dies.
    for (let index = 0; index < 5; index += 1) {
      const answer = await createOrder(server, pair);
      expect(answer?.status, server.output()).toBe(200);
      acknowledged.push(answer!.body.data.exchange_uuid);
    }
    await killHard(server);

    // In a burst: eight callers creating, killed once 40 more orders were answered.
    server = await startServerProcess(env);
    let killing: Promise<void> | null = null;
    const caller = async () => {
      while (!killing) {
        const answer = await createOrder(server, pair);
        if (answer?.status === 200) acknowledged.push(answer.body.data.exchange_uuid);
        if (acknowledged.length >= 45) killing ??= killHard(server);
      }
    };
    await Promise.all(Array.from({ length: 8 }, caller));
    await killing;

    server = await startServerProcess(env);
    const missing: string[] = [];
    for (const uuid of acknowledged) {
      const info = await signedCall(server.url, "/rest/exchange/info", { exchange_uuid: uuid });
      if (info?.status !== 200) missing.push(uuid);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(45);
    expect(missing, `of ${acknowledged.length} acknowledged orders`).toEqual([]);
  } finally {
    await killHard(server);
  }
}

async function demoPair(server: ServerProcess): Promise<CurrencyPairEntry> {
  const list = await signedCall(server.url, "/rest/currency_pair/list", {});
  expect(list?.status, server.output()).toBe(200);
  // Into roubles: the demo's largest reserve, enough for every order of the test.
  return findPair(list!.body.data, "USDTTRC20", "SBERRUB");
}

function createOrder(server: ServerProcess, pair: CurrencyPairEntry) {
  return signedCall(
    server.url,
    "/rest/exchange/create",
    createForm(pair, { send_amount: "60", idempotency_key: randomUUID() }),
  );
}
