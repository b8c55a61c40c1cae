import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheApiClientLookup } from "../../src/http/api-clients.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../support/test-api.ts";

// Issue 16 point 4: nothing an anonymous caller chooses is held before its signature is
// checked. A 45 KB `public_key` used to be looked up and cached: 9,900 of them took the
// process from 177 to 650 MB, never released. Point 3: `ip` must be an IP address.

/** An envelope with any meta values, signed with nothing valid: it must fail before that. */
function unsignedEnvelope(meta: Record<string, unknown>) {
  const data = Buffer.from(JSON.stringify({ ip: "203.0.113.7", lang: "en", ...meta })).toString(
    "base64",
  );
  return { data, signed: "0".repeat(64) };
}

describe("the envelope's fields read before the signature", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false });
  });
  afterAll(() => api.close());

  const post = (envelope: object) =>
    api.app.inject({
      method: "POST",
      url: "/rest/currency_pair/list",
      headers: { [TIMESTAMP_HEADER]: String(Date.now()) },
      payload: envelope,
    });

  it("refuses an over-long public_key as a bad envelope", async () => {
    const response = await post(unsignedEnvelope({ public_key: "k".repeat(45_000) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("BAD_ENVELOPE");
  });

  it("refuses an ip that is not an IP address, with the client's own signature", async () => {
    const { sealEnvelope } = await import("@obmen/contracts/envelope");
    for (const ip of ["localhost", "203.0.113.7; drop", "x".repeat(64), "", "::g"]) {
      const { envelope, timestamp } = sealEnvelope({
        payload: {},
        publicKey: TEST_CLIENT.publicKey,
        secret: TEST_CLIENT.secret,
        ip,
      });
      const response = await api.app.inject({
        method: "POST",
        url: "/rest/currency_pair/list",
        headers: { [TIMESTAMP_HEADER]: String(timestamp) },
        payload: envelope,
      });
      expect(response.statusCode, ip).toBe(400);
      expect(response.json().error.code).toBe("BAD_ENVELOPE");
    }
  });

  it("keeps memory flat under 10,000 envelopes with unknown 45 KB and 128-character keys", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const send = async (count: number, key: (index: number) => string) => {
      for (let index = 0; index < count; index += 1) {
        const response = await post(unsignedEnvelope({ public_key: key(index) }));
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }
    };
    const longKey = (index: number) => `${index}`.padEnd(45_000, "k");
    const unknownKey = (index: number) => `${index}`.padEnd(128, "u");
    await send(500, longKey); // warm up code paths and pools before the baseline
    gc();
    const before = getHeapStatistics().used_heap_size;
    await send(5_000, longKey);
    await send(5_000, unknownKey);
    gc();
    const grown = getHeapStatistics().used_heap_size - before;
    // Cached, the keys alone would be 225 MB; a few MB is the noise of pools and JIT.
    expect(grown).toBeLessThan(16 * 1024 * 1024);
  }, 120_000);
});

describe("the API client cache", () => {
  it("caches a known client but never a key that matched none", async () => {
    const looked: string[] = [];
    const lookup = cacheApiClientLookup(async (publicKey) => {
      looked.push(publicKey);
      return publicKey === "known"
        ? { id: 1, name: "n", publicKey, secret: "s", algorithm: "sha256" }
        : null;
    });
    await lookup("known");
    await lookup("known");
    await lookup("made-up");
    await lookup("made-up");
    expect(looked).toEqual(["known", "made-up", "made-up"]);
  });
});
