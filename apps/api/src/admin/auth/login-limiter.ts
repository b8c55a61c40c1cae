import { AppError, ErrorCode } from "@obmen/contracts";
import type { RateLimiterRes } from "rate-limiter-flexible";
import { createLimiter, type LimiterStore } from "../../account/limits/limiter-store.ts";

/**
 * Slows password guessing at the console's door (issue 14: "login rate-limited"). Two budgets,
 * both counting failed attempts only: per address and e-mail (one person mistyping), and per
 * address alone (one machine trying many e-mails). A success clears the first.
 *
 * Counted where the accounts' limits count (decision 026): the store shared by replicas
 * (Redis, else PostgreSQL), or this process's memory on the embedded database. Its own
 * counters and thresholds: operators are few, known, and worth a stricter door than customers.
 */
export interface LoginLimiter {
  /** Throws 429 RATE_LIMITED while either budget is spent. */
  check(options: { ip: string; email: string }): Promise<void>;
  failed(options: { ip: string; email: string }): Promise<void>;
  succeeded(options: { ip: string; email: string }): Promise<void>;
}

export function createLoginLimiter(
  options: { store?: LimiterStore; perEmail?: number; perIp?: number; windowSeconds?: number } = {},
): LoginLimiter {
  const store = options.store ?? { kind: "memory" };
  const durationSeconds = options.windowSeconds ?? 15 * 60;
  const byEmail = createLimiter(store, {
    prefix: "admin_login_fail_email_ip",
    points: options.perEmail ?? 10,
    durationSeconds,
  });
  const byIp = createLimiter(store, {
    prefix: "admin_login_fail_ip",
    points: options.perIp ?? 50,
    durationSeconds,
  });
  const emailKey = ({ ip, email }: { ip: string; email: string }) => `${ip}|${email}`;
  return {
    async check(key) {
      const [email, ip] = await Promise.all([byEmail.get(emailKey(key)), byIp.get(key.ip)]);
      const spent = [
        { res: email, points: byEmail.points },
        { res: ip, points: byIp.points },
      ].filter(({ res, points }) => res !== null && res.consumedPoints >= points);
      if (spent.length === 0) return;
      const retryMs = Math.max(...spent.map(({ res }) => (res as RateLimiterRes).msBeforeNext));
      throw new AppError(ErrorCode.RATE_LIMITED, {
        details: { retry_after_seconds: Math.ceil(retryMs / 1000) },
      });
    },
    async failed(key) {
      // `penalty` adds points without throwing when the budget is spent (consume would).
      await Promise.all([byEmail.penalty(emailKey(key), 1), byIp.penalty(key.ip, 1)]);
    },
    async succeeded(key) {
      await byEmail.delete(emailKey(key));
    },
  };
}
