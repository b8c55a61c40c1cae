import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createForm, findPair, listPairs } from "../support/orders.ts";
import type { TestApi } from "../support/test-api.ts";
import { retryAfterOf, sealedCall, startLimitedApi } from "./rate-limit-kit.ts";

/** CI's Redis, unless REDIS_URL names another; never skipped (decision 026). */
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

// With REDIS_URL the public calls' budgets live in Redis: two API instances on one Redis (here
// two in one process, each with its own client) count a visitor's orders together.
describe("public-call limits in Redis", () => {
  const clients: Redis[] = [];
  const apis: TestApi[] = [];
  // A run of its own: keys are per IP, so another run's counts on this Redis cannot interfere.
  const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
      clients.push(redis);
      apis.push(
        await startLimitedApi({ order_create: { points: 3, seconds: 600 } }, () => ({
          kind: "redis",
          redis,
        })),
      );
    }
  });
  afterAll(async () => {
    for (const api of apis) await api.close();
    for (const redis of clients) await redis.quit();
  });

  it("counts one IP's orders on both instances against one budget", async () => {
    const form = createForm(findPair(await listPairs(apis[0]!.app), "USDTTRC20", "SBERRUB"), {
      send_amount: "100",
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await sealedCall(apis[i % 2]!, "/rest/exchange/create", form, { ip });
      if (answer.status === 429) retryAfterOf(answer);
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const keys = await clients[0]!.keys("obmen:call_order_create:*");
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join()).not.toContain(ip);
  });
});
