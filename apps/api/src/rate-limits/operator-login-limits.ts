import { rateLimited } from "./account-limits.ts";
import { addressKey, digest, limitedAddress } from "./client-address.ts";
import { createLimiter, type LimiterStore, readCounters } from "./limiter-store.ts";

/**
 * The console's door (issue 14: "login rate-limited"), on the customers' rule (decision 026,
 * issue 26 point 3): the only wait is per account *and* address (someone mistyping, or an
 * attacker on one account from one machine); failures by account from anywhere, or by address
 * over any accounts, only ask for a captcha. So no address, not even a proxy's that every
 * operator shares when `TRUST_PROXY` is unset, can be made to refuse the right password of
 * everyone behind it. Wrong TOTP codes count here too: per account and address, never a lock
 * of the account from everywhere (issue 26 point 4).
 *
 * Counted where the accounts' limits count: the store shared by replicas (Redis, else
 * PostgreSQL), or this process's memory on the embedded database. Keys are digests.
 */
export interface OperatorLoginLimits {
  /** Before the password: 429 while this account-and-address pair waits; else whether a captcha must come. */
  beforeLogin(key: LoginKey): Promise<{ captchaRequired: boolean }>;
  failed(key: LoginKey): Promise<void>;
  succeeded(key: LoginKey): Promise<void>;
}

export interface LoginKey {
  ip: string;
  email: string;
}

export interface OperatorLoginPolicy {
  /** Failures for one account from one address within the window before that pair waits. */
  perAccountAndIp: number;
  /** Failures for one account from anywhere within the window after which a captcha is needed. */
  captchaAfterAccountFailures: number;
  /** Failures from one address over any accounts within the window after which a captcha is needed. */
  captchaAfterIpFailures: number;
  windowSeconds: number;
}

export const DEFAULT_OPERATOR_LOGIN_POLICY: OperatorLoginPolicy = {
  perAccountAndIp: 10,
  captchaAfterAccountFailures: 3,
  captchaAfterIpFailures: 10,
  windowSeconds: 15 * 60,
};

export function createOperatorLoginLimits(
  options: { store?: LimiterStore; policy?: Partial<OperatorLoginPolicy> } = {},
): OperatorLoginLimits {
  const store = options.store ?? { kind: "memory" };
  const policy = { ...DEFAULT_OPERATOR_LOGIN_POLICY, ...options.policy };
  const durationSeconds = policy.windowSeconds;
  const byPair = createLimiter(store, {
    prefix: "admin_login_fail_email_ip",
    points: policy.perAccountAndIp,
    durationSeconds,
  });
  // Soft: never "spent"; a count at or over the threshold asks for a captcha. Their prefixes
  // are new, so a count kept under the old per-address lock means nothing to them.
  const byAccount = createLimiter(store, {
    prefix: "admin_login_soft_email",
    points: Number.MAX_SAFE_INTEGER,
    durationSeconds,
  });
  const byIp = createLimiter(store, {
    prefix: "admin_login_soft_ip",
    points: Number.MAX_SAFE_INTEGER,
    durationSeconds,
  });
  const pairKey = ({ ip, email }: LoginKey) => digest(`${email}\n${limitedAddress(ip)}`);
  return {
    async beforeLogin(key) {
      const [pair, account, address] = await readCounters(store, [
        { limiter: byPair, key: pairKey(key) },
        { limiter: byAccount, key: digest(key.email) },
        { limiter: byIp, key: addressKey(key.ip) },
      ] as const);
      if (pair.consumedPoints >= policy.perAccountAndIp) throw rateLimited(pair.msBeforeNext);
      return {
        captchaRequired:
          account.consumedPoints >= policy.captchaAfterAccountFailures ||
          address.consumedPoints >= policy.captchaAfterIpFailures,
      };
    },
    async failed(key) {
      // `penalty` adds points without throwing when the budget is spent (consume would).
      await Promise.all([
        byPair.penalty(pairKey(key), 1),
        byAccount.penalty(digest(key.email), 1),
        byIp.penalty(addressKey(key.ip), 1),
      ]);
    },
    async succeeded(key) {
      await Promise.all([byPair.delete(pairKey(key)), byAccount.delete(digest(key.email))]);
    },
  };
}
