import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import type { Request } from "autocannon";
import { BENCH_CLIENT } from "./server-process.ts";

interface SealedRequest {
  body: string;
  headers: Record<string, string>;
}

/**
 * Two envelopes with the same payload sealed in the same millisecond are byte-identical, and
 * the second is refused as a replay. So each gets its own timestamp (`now`), stepping back one
 * millisecond per envelope from when the pool is sealed: 200,000 envelopes stay within the
 * 300 s window. Pools sealed a moment apart would overlap in time, so each pool signs its
 * own client IP; live-sealed envelopes vary the IP too.
 */
function seal(payload: Record<string, unknown>, now: number, ip = "203.0.113.7"): SealedRequest {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: BENCH_CLIENT.publicKey,
    secret: BENCH_CLIENT.secret,
    ip,
    lang: "ru",
    now,
  });
  return {
    body: JSON.stringify(envelope),
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
  };
}

/**
 * Signed POSTs for autocannon. The API refuses a replayed signature, so every request needs
 * its own envelope: they are sealed ahead of the timed run (sealing is the client's cost, not
 * the server's). Should a round outrun the pool, further envelopes are sealed on the fly.
 * `payloadFor(i)` lets each request differ (e.g. its idempotency key); `ipFor(i)` gives each its
 * own client IP where a per-IP budget would otherwise throttle the run (login).
 */
export function signedRequests(options: {
  path: string;
  poolSize: number;
  payloadFor: (index: number) => Record<string, unknown>;
  ipFor?: (index: number) => string;
}): () => Request[] {
  let next = 0;
  let pools = 0;
  return () => {
    const ip = `203.0.113.${(pools++ % 250) + 1}`;
    // A fresh pool per run, sealed now: timestamps must stay inside the 300 s window.
    const pool: SealedRequest[] = [];
    const sealedAt = Date.now();
    const size = Math.min(options.poolSize, 200_000);
    for (let i = 0; i < size; i++) {
      const index = next++;
      pool.push(seal(options.payloadFor(index), sealedAt - i, options.ipFor?.(index) ?? ip));
    }
    let used = 0;
    const sealLate = (index: number, count: number) =>
      seal(
        options.payloadFor(index),
        Date.now(),
        options.ipFor?.(index) ?? `198.51.100.${(count % 250) + 1}`,
      );
    return [
      {
        method: "POST",
        path: options.path,
        setupRequest: (request) => {
          const sealed = used < pool.length ? pool[used]! : sealLate(next++, used);
          used++;
          return { ...request, method: "POST", path: options.path, ...sealed };
        },
      },
    ];
  };
}

/** One signed POST, for fetching a response outside the load runs. */
export function signedInit(payload: Record<string, unknown> = {}): RequestInit {
  const sealed = seal(payload, Date.now(), "192.0.2.1");
  return { method: "POST", body: sealed.body, headers: sealed.headers };
}
