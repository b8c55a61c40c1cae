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
 * within `ttlMs`. Only clients that exist are cached: a key an anonymous caller makes up is
 * looked up and forgotten, never kept (issue 16 point 4).
 */
export function cacheApiClientLookup(lookup: ApiClientLookup, ttlMs = 30_000): ApiClientLookup {
  const cache = new Map<string, { client: ApiClient | null; expiresAt: number }>();
  return async (publicKey) => {
    const now = Date.now();
    const hit = cache.get(publicKey);
    if (hit && hit.expiresAt > now) return hit.client;
    const client = await lookup(publicKey);
    if (client) cache.set(publicKey, { client, expiresAt: now + ttlMs });
    else cache.delete(publicKey);
    return client;
  };
}
