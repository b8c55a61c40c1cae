import { REPLAY_WINDOW_MS, sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import type { Database } from "@obmen/db";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createDatabaseReplayGuard,
  createMemoryReplayGuard,
  createRedisReplayGuard,
  type ReplayGuard,
} from "../../src/index.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

// Issue 16 point 5: an envelope dated up to one window ahead stays valid until its timestamp
// plus the window, so its signature must be remembered that long, on every guard; a guard
// whose store is down answers 503 UNAVAILABLE, never 500, and /healthz says which.

const PATH = "/rest/currency_pair/list";
const realNow = Date.now;
let clock = realNow();
afterEach(() => {
  Date.now = realNow;
});
function freezeClock() {
  clock = realNow();
  Date.now = () => clock;
}

const guards: [string, (db: Database) => ReplayGuard][] = [
  ["in memory", () => createMemoryReplayGuard()],
  ["in the database", (db) => createDatabaseReplayGuard(db)],
];

describe.each(guards)("the replay guard %s", (_name, makeGuard) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ replayGuard: makeGuard });
  });
  afterAll(() => api.close());

  function post(envelope: object, timestamp: number) {
    return api.app.inject({
      method: "POST",
      url: PATH,
      headers: { [TIMESTAMP_HEADER]: String(timestamp) },
      payload: envelope,
    });
  }
  function sealAt(now: number) {
    return sealEnvelope({
      payload: {},
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip: "203.0.113.7",
      now,
    });
  }

  it("refuses a future-dated envelope replayed just before it goes stale", async () => {
    freezeClock();
    const { envelope, timestamp } = sealAt(clock + REPLAY_WINDOW_MS - 1_000);
    expect((await post(envelope, timestamp)).statusCode).toBe(200);
    // 314 s later the timestamp is still inside the window (it was 299 s ahead).
    clock += 314_000;
    const replay = await post(envelope, timestamp);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.code).toBe("REPLAYED_REQUEST");
    // Once the timestamp itself is stale the envelope is refused as such, whatever the guard.
    clock += REPLAY_WINDOW_MS;
    expect((await post(envelope, timestamp)).json().error.code).toBe("STALE_REQUEST");
  });

  it("refuses a past-dated envelope replayed until it goes stale", async () => {
    freezeClock();
    const { envelope, timestamp } = sealAt(clock - REPLAY_WINDOW_MS + 5_000);
    expect((await post(envelope, timestamp)).statusCode).toBe(200);
    clock += 4_000;
    expect((await post(envelope, timestamp)).json().error.code).toBe("REPLAYED_REQUEST");
  });
});

describe("the database replay guard's rows", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
  });
  afterAll(() => api.close());

  it("lets a signature whose row has expired be remembered anew, once", async () => {
    const guard = createDatabaseReplayGuard(api.db);
    // Dated two windows ago: its row expires a second before now, as if left by an old run.
    const past = Date.now() - 2 * REPLAY_WINDOW_MS;
    expect(await guard.remember("a".repeat(64), past)).toBe(true);
    expect(await guard.remember("a".repeat(64), Date.now())).toBe(true);
    expect(await guard.remember("a".repeat(64), Date.now())).toBe(false);
  });
});

describe("a replay store that cannot be reached", () => {
  // A real ioredis client towards a port nobody listens on, failing fast instead of queueing.
  const redis = new Redis({
    port: 1,
    host: "127.0.0.1",
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      seed: false,
      replayGuard: () =>
        createRedisReplayGuard({
          set: (key, value, mode, ttl, flag) => redis.set(key, value, mode, ttl, flag),
          ping: () => redis.ping(),
          quit: async () => redis.disconnect(),
        }),
    });
  });
  afterAll(() => api.close());

  it("makes signed calls answer 503 UNAVAILABLE in the error shape", async () => {
    const { envelope, timestamp } = sealEnvelope({
      payload: {},
      publicKey: TEST_CLIENT.publicKey,
      secret: TEST_CLIENT.secret,
      ip: "203.0.113.7",
    });
    const response = await api.app.inject({
      method: "POST",
      url: PATH,
      headers: { [TIMESTAMP_HEADER]: String(timestamp) },
      payload: envelope,
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({ code: "UNAVAILABLE" });
  });

  it("shows in /healthz as the failing dependency", async () => {
    const response = await api.app.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: "unavailable",
      checks: { database: "ok", replay_guard: "unavailable" },
    });
  });
});

describe("/healthz with every dependency up", () => {
  it("answers 200 and names each check", async () => {
    const api = await startTestApi({ seed: false });
    try {
      const response = await api.app.inject({ method: "GET", url: "/healthz" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: "ok",
        checks: { database: "ok", replay_guard: "ok" },
      });
    } finally {
      await api.close();
    }
  });
});
