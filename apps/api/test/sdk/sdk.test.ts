import { ApiResponseError, createObmenClient, type Transport } from "@obmen/contracts/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair } from "../support/orders.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

describe("the typed SDK against the real API", () => {
  let api: TestApi;
  const attempts: number[] = [];
  let failNext = 0;
  /** Rewrites the next success body, as an API that drifted from the contract would answer. */
  let tamperNext: ((body: string) => string) | null = null;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  // In-process transport that can simulate a flaky network in front of the API.
  const transport: Transport = async (request) => {
    attempts.push(Date.now());
    if (failNext > 0) {
      failNext--;
      return {
        status: 503,
        body: JSON.stringify({ error: { code: "UNAVAILABLE", message: "down" } }),
      };
    }
    const response = await api.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload: request.body,
    });
    const tamper = tamperNext;
    tamperNext = null;
    return { status: response.statusCode, body: tamper ? tamper(response.body) : response.body };
  };
  const client = () => createObmenClient({ transport, credentials: TEST_CLIENT });
  const caller = { ip: "198.51.100.9", lang: "en" as const };

  it("retries an idempotent call after a 503 and succeeds", async () => {
    attempts.length = 0;
    failNext = 2;
    const pairs = await client().currencyPairs.list(caller);
    expect(pairs.length).toBeGreaterThanOrEqual(60);
    expect(attempts).toHaveLength(3);
  });

  it("gives up after three attempts with the API's error", async () => {
    attempts.length = 0;
    failNext = 5;
    await expect(client().currencyPairs.list(caller)).rejects.toMatchObject({ status: 503 });
    expect(attempts).toHaveLength(3);
    failNext = 0;
  });

  it("retries a create safely: the idempotency key yields one order", async () => {
    const pair = findPair(await client().currencyPairs.list(caller), "USDTTRC20", "SBERRUB");
    const form = createForm(pair, { send_amount: "100", idempotency_key: "sdk-retry-0001" });
    const first = await client().orders.create(caller, form);
    const again = await client().orders.create(caller, form);
    expect(again.exchange_uuid).toBe(first.exchange_uuid);
    const info = await client().orders.info(caller, first.exchange_uuid);
    expect(info.exchange_status).toBe("new");
  });

  it("does not retry a refusal that repeating cannot fix", async () => {
    const pair = findPair(await client().currencyPairs.list(caller), "USDTTRC20", "SBERRUB");
    attempts.length = 0;
    await expect(
      client().orders.create(caller, createForm(pair, { send_amount: "100", receive_rate: "1" })),
    ).rejects.toMatchObject({ status: 409, body: { error: { code: "RATE_CHANGED" } } });
    expect(attempts).toHaveLength(1);
  });

  it("parses every answer with the call's schema: a drifted one is an ApiResponseError, not retried", async () => {
    attempts.length = 0;
    tamperNext = (body) => body.replace('"send_rate":"', '"send_rate":"x');
    const failure = await client()
      .currencyPairs.list(caller)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiResponseError);
    expect(failure).toMatchObject({
      status: 502,
      path: "/rest/currency_pair/list",
      body: { error: { code: "INTERNAL" } },
    });
    expect((failure as Error).message).toContain("data[0].rate.send_rate");
    expect(attempts).toHaveLength(1);

    tamperNext = () => "<html>proxy error</html>";
    await expect(client().reserves.list(caller)).rejects.toThrow(ApiResponseError);
  });

  it("returns what the schema reads: an undeclared key never reaches the caller", async () => {
    tamperNext = (body) => body.replace('{"data":{', '{"data":{"internal_note":"x",');
    const pair = findPair(await client().currencyPairs.list(caller), "USDTTRC20", "SBERRUB");
    const got = await client().currencyPairs.get(caller, pair.id);
    expect(got).toEqual(pair);
    expect(got).not.toHaveProperty("internal_note");
  });
});
