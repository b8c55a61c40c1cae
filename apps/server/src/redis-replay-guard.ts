import { createRedisReplayGuard, type ReplayGuard } from "@obmen/api";
import { Redis } from "ioredis";

export async function openRedisReplayGuard(url: string): Promise<ReplayGuard> {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
  await redis.connect();
  return createRedisReplayGuard({
    set: (key, value, mode, ttl, flag) => redis.set(key, value, mode, ttl, flag),
    ping: () => redis.ping(),
    quit: () => redis.quit(),
  });
}
