import { AppError, ErrorCode } from "@obmen/contracts";
import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";

/**
 * Slows password guessing at the console's door (issue 14: "login rate-limited"). Two budgets,
 * both counting failed attempts only: per address and e-mail (one person mistyping), and per
 * address alone (one machine trying many e-mails). A success clears the first.
 *
 * Kept in this process's memory for now: with N replicas a guesser gets N budgets, which
 * still caps guesses at a few per minute per replica against argon2id hashes. The accounts'
 * shared limiter (issue 13, decision 026) can take over when it lands.
 */
export interface LoginLimiter {
  /** Throws 429 RATE_LIMITED while either budget is spent. */
  check(options: { ip: string; email: string }): Promise<void>;
  failed(options: { ip: string; email: string }): Promise<void>;
  succeeded(options: { ip: string; email: string }): Promise<void>;
}

export function createLoginLimiter(
  options: { perEmail?: number; perIp?: number; windowSeconds?: number } = {},
): LoginLimiter {
  const windowSeconds = options.windowSeconds ?? 15 * 60;
  const byEmail = new RateLimiterMemory({
    points: options.perEmail ?? 10,
    duration: windowSeconds,
  });
  const byIp = new RateLimiterMemory({ points: options.perIp ?? 50, duration: windowSeconds });
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
