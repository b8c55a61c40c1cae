import type { SignatureAlgorithm } from "@obmen/contracts/envelope";

export interface ApiClient {
  id: number;
  name: string;
  publicKey: string;
  secret: string;
  algorithm: SignatureAlgorithm;
}

/** Finds an active API client by its public key. */
export type ApiClientLookup = (publicKey: string) => Promise<ApiClient | null>;

/**
 * Caches lookups for a short time: every signed call needs the client, and a database round
 * trip per request would dominate the cost of a cached pair list. A revoked key stops working
 * within `ttlMs`.
 */
export function cacheApiClientLookup(lookup: ApiClientLookup, ttlMs = 30_000): ApiClientLookup {
  const cache = new Map<string, { client: ApiClient | null; expiresAt: number }>();
  return async (publicKey) => {
    const now = Date.now();
    const hit = cache.get(publicKey);
    if (hit && hit.expiresAt > now) return hit.client;
    const client = await lookup(publicKey);
    if (cache.size > 10_000) cache.clear(); // unknown keys must not grow the map without bound
    cache.set(publicKey, { client, expiresAt: now + ttlMs });
    return client;
  };
}
