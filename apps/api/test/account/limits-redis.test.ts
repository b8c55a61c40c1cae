import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApi } from "../support/test-api.ts";
import { call, OTHER_PASSWORD } from "./support/account-kit.ts";
import { challengeFrom, solvedCaptcha, startSecuredApi } from "./support/security-kit.ts";

/** CI's Redis, unless REDIS_URL names another; never skipped (decision 026). */
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

// With REDIS_URL the limits and the used captcha solutions live in Redis: two API instances
// on one Redis (here two in one process, each with its own client) count together.
describe("account limits in Redis", () => {
  const clients: Redis[] = [];
  let first: TestApi;
  let second: TestApi;
  // A run of its own: keys are per IP, so another run's counts on this Redis cannot interfere.
  const ip = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  beforeAll(async () => {
    const start = async () => {
      const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
      await redis.connect();
      clients.push(redis);
      return startSecuredApi({
        store: () => ({ kind: "redis", redis }),
        policy: { requestsPerIpPerMinute: 4, captchaAfterIpFailures: 2 },
      });
    };
    first = await start();
    second = await start();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    for (const redis of clients) await redis.quit();
  });

  it("counts one IP's requests on both instances against one budget, in Redis", async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const api = i % 2 === 0 ? first : second;
      statuses.push(
        (await call(api, "/rest/user/restore", { email: `r${i}@example.com` }, { ip })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const keys = await clients[0]!.keys("obmen:req_restore:*");
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.join()).not.toContain(ip);
  });

  it("remembers a spent captcha solution for both instances", async () => {
    for (const api of [first, second]) {
      await call(
        api,
        "/rest/user/login",
        { email: "x@example.com", password: OTHER_PASSWORD },
        { ip },
      );
    }
    const captcha = await solvedCaptcha(() => challengeFrom(first));
    const register = (api: TestApi) =>
      call(
        api,
        "/rest/user/register",
        { email: "new@example.com", password: "violet-harbour-71", agreement: true, captcha },
        { ip },
      );
    // The IP's request budget for register is untouched; its failures ask for a captcha.
    expect((await register(second)).status).toBe(200);
    const reused = await register(first);
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe("CAPTCHA_REQUIRED");
    expect(reused.body.error.fields.captcha).toMatch(/already used/);
  });
});
