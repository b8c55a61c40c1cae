import { type AccountSecurity, createAccountSecurity, type LimiterStore } from "@obmen/api";
import type { DatabaseHandle } from "@obmen/db";
import type { Config } from "./config.ts";

/**
 * The account calls' limits and captcha store, chosen like the replay guard's: Redis when
 * `REDIS_URL` is set, else the PostgreSQL replicas share, else memory (PGlite serves one
 * process: its data directory is locked). Keys derive from the web tier's secret, which
 * every replica reads from API_SECRET or the database (docs/decisions/026-rate-limits-captcha-totp.md).
 */
export async function openAccountSecurity(options: {
  config: Config;
  database: DatabaseHandle;
  serverSecret: string;
}): Promise<{ security: AccountSecurity; store: LimiterStore; close(): Promise<void> }> {
  const { config, database } = options;
  let store: LimiterStore = { kind: "memory" };
  let close = async () => {};
  if (config.REDIS_URL) {
    const { Redis } = await import("ioredis");
    // No offline queue: a limit check while Redis is down falls back to this process's own
    // count at once (the limiter's insurance) instead of waiting for a reconnect.
    const redis = new Redis(config.REDIS_URL, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    await redis.connect();
    store = { kind: "redis", redis };
    close = async () => {
      await redis.quit();
    };
  } else if (database.client.engine === "postgres") {
    store = { kind: "postgres", pool: database.client.pool };
  }
  const security = createAccountSecurity({
    store,
    serverSecret: options.serverSecret,
    captchaProvider: config.CAPTCHA_PROVIDER,
    policy: {
      requestsPerIpPerMinute: config.AUTH_REQUESTS_PER_IP_PER_MINUTE,
      captchaAfterAccountFailures: config.LOGIN_CAPTCHA_AFTER_FAILURES,
      captchaAfterIpFailures: config.LOGIN_CAPTCHA_AFTER_IP_FAILURES,
      consecutiveFailuresPerAccountAndIp: config.LOGIN_FAILURES_PER_ACCOUNT_AND_IP,
      failuresPerIpPerDay: config.LOGIN_FAILURES_PER_IP_PER_DAY,
    },
    publicCallPolicy: config.publicCallPolicy,
  });
  // The store too: the operator console's login limiter counts in it (issue 14).
  return { security, store, close };
}
