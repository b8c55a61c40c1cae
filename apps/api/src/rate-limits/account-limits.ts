import { AppError, ErrorCode } from "@obmen/contracts";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { LimitPolicy } from "./account-limit-policy.ts";
import { addressKey, digest, limitedAddress } from "./client-address.ts";
import {
  type CounterRow,
  createLimiter,
  type LimiterStore,
  readCounters,
  type SpentAndRead,
  spendAndReadCounters,
  spendAndReadOutcome,
  spendAndReadValues,
} from "./limiter-store.ts";

/** The calls counted per IP, each in its own bucket so a burst on one leaves the others usable. */
export type LimitedCall =
  | "login"
  | "register"
  | "restore"
  | "restore_confirm"
  | "confirm"
  | "update_password"
  | "totp"
  | "verify"
  | "challenge";

const DAY_SECONDS = 24 * 60 * 60;
/**
 * Consecutive failures are remembered this long since the first (the library's example says
 * 90 days; the memory store keeps each key on a timer, which Node caps at 24.8 days).
 */
const CONSECUTIVE_MEMORY_SECONDS = 14 * DAY_SECONDS;

export type AccountLimits = ReturnType<typeof createAccountLimits>;

/** What a login may go on with, once its limits let it through. */
export interface LoginGate {
  captchaRequired: boolean;
  /** Whether a success has a counter to clear (most logins have none: no extra write). */
  hadFailures: boolean;
}

/**
 * The account calls' limiters: a request budget per IP for each call, and the login
 * protection of rate-limiter-flexible's "login endpoint protection" example (consecutive
 * failures by account and IP, slow brute force by IP) plus two soft counters that only ask for
 * a captcha (failures by account, failures by IP).
 */
export function createAccountLimits(store: LimiterStore, policy: LimitPolicy) {
  const requestLimiters = new Map<LimitedCall, RateLimiterAbstract>();
  const requests = (call: LimitedCall) => {
    let limiter = requestLimiters.get(call);
    if (!limiter) {
      limiter = createLimiter(store, {
        prefix: `req_${call}`,
        points: policy.requestsPerIpPerMinute,
        durationSeconds: 60,
      });
      requestLimiters.set(call, limiter);
    }
    return limiter;
  };
  const consecutiveByAccountAndIp = createLimiter(store, {
    prefix: "login_fail_account_ip",
    points: policy.consecutiveFailuresPerAccountAndIp,
    durationSeconds: CONSECUTIVE_MEMORY_SECONDS,
    blockSeconds: policy.blockSeconds,
  });
  const slowBruteByIp = createLimiter(store, {
    prefix: "login_fail_ip_day",
    points: policy.failuresPerIpPerDay,
    durationSeconds: DAY_SECONDS,
    blockSeconds: DAY_SECONDS,
  });
  // Soft: their points are never "spent"; a count at or over the threshold asks for a captcha.
  const recentByAccount = createLimiter(store, {
    prefix: "login_fail_account",
    points: Number.MAX_SAFE_INTEGER,
    durationSeconds: policy.captchaWindowSeconds,
  });
  const recentByIp = createLimiter(store, {
    prefix: "login_fail_ip",
    points: Number.MAX_SAFE_INTEGER,
    durationSeconds: policy.captchaWindowSeconds,
  });
  const lettersByAddress = createLimiter(store, {
    prefix: "letters_address",
    points: Number.MAX_SAFE_INTEGER,
    durationSeconds: 60 * 60,
  });
  // A login's wrong codes (issue 26 point 4): whoever reaches the code step knows the
  // password, but counting them per account would let them lock the owner out from every
  // address; per account and address, with a captcha for everyone else after failures.
  const loginCodeFailures = createLimiter(store, {
    prefix: "login_code_fail_account_ip",
    points: policy.secondCheckFailuresPerAccount,
    durationSeconds: 15 * 60,
    blockSeconds: 15 * 60,
  });
  const secondCheckFailures = createLimiter(store, {
    prefix: "second_check_fail_account",
    points: policy.secondCheckFailuresPerAccount,
    durationSeconds: 15 * 60,
    blockSeconds: 15 * 60,
  });

  /** A login's budget and the four counters that may refuse it or ask for a captcha. */
  const loginCounters = (email: string, ip: string) => ({
    spent: { limiter: requests("login"), key: addressKey(ip) },
    counters: [
      { limiter: consecutiveByAccountAndIp, key: pairKey(email, ip) },
      { limiter: slowBruteByIp, key: addressKey(ip) },
      { limiter: recentByAccount, key: hashed(email) },
      { limiter: recentByIp, key: addressKey(ip) },
    ] as const,
  });
  type LoginCounters = ReturnType<typeof loginCounters>["counters"];
  const judgeLogin = ({ spent, readings }: SpentAndRead<LoginCounters>): LoginGate => {
    if (spent.over) throw rateLimited(spent.msBeforeNext);
    const [pairBlock, ipBlock, byAccount, byIp] = readings;
    for (const [res, points] of [
      [pairBlock, policy.consecutiveFailuresPerAccountAndIp],
      [ipBlock, policy.failuresPerIpPerDay],
    ] as const) {
      if (res.consumedPoints > points) throw rateLimited(res.msBeforeNext);
    }
    return {
      captchaRequired:
        byAccount.consumedPoints >= policy.captchaAfterAccountFailures ||
        byIp.consumedPoints >= policy.captchaAfterIpFailures,
      hadFailures: byAccount.consumedPoints > 0 || pairBlock.consumedPoints > 0,
    };
  };

  return {
    /** One request to `call` from `ip`; over the budget → 429 `RATE_LIMITED`. */
    async throttle(call: LimitedCall, ip: string) {
      await spend(requests(call), addressKey(ip));
    },

    /**
     * Before a login's password is checked: spends one of the IP's login requests (429 over
     * the budget), 429 when this account-and-IP pair or this IP is blocked; otherwise whether
     * a captcha must come with it. On PostgreSQL all in one statement.
     */
    async beforeLogin({ email, ip }: { email: string; ip: string }): Promise<LoginGate> {
      const { spent, counters } = loginCounters(email, ip);
      return judgeLogin(await spendAndReadCounters(store, spent, counters));
    },

    /**
     * beforeLogin for a caller that sends the counters' statement inside its own (a login on
     * the database replay guard: account/login/login-opening.ts): the statement's values and
     * the judgement of its rows, or null when the store cannot (not PostgreSQL).
     */
    beforeLoginInStatement({ email, ip }: { email: string; ip: string }) {
      const { spent, counters } = loginCounters(email, ip);
      const values = spendAndReadValues(store, spent, counters);
      if (!values) return null;
      return {
        values,
        judge: (rows: readonly CounterRow[]) =>
          judgeLogin(spendAndReadOutcome<LoginCounters>(spent, values, rows)),
      };
    },

    async loginFailed({ email, ip }: { email: string; ip: string }) {
      await Promise.all([
        consecutiveByAccountAndIp.consume(pairKey(email, ip)).catch(ignoreRefusal),
        slowBruteByIp.consume(addressKey(ip)).catch(ignoreRefusal),
        recentByAccount.consume(hashed(email)).catch(ignoreRefusal),
        recentByIp.consume(addressKey(ip)).catch(ignoreRefusal),
      ]);
    },

    /** The right password (and captcha) ends the account's run of failures. */
    async loginSucceeded({ email, ip }: { email: string; ip: string }) {
      await Promise.all([
        consecutiveByAccountAndIp.delete(pairKey(email, ip)),
        recentByAccount.delete(hashed(email)),
      ]);
    },

    /**
     * Whether register or restore from `ip` for `email` must carry a captcha: after the IP's
     * failed logins, the account's (restore), or the letters already asked for that address.
     */
    async captchaRequired({
      ip,
      email,
      call,
    }: {
      ip: string;
      email: string;
      call: "register" | "restore";
    }) {
      const [byIp, byAccount, letters] = await readCounters(store, [
        { limiter: recentByIp, key: addressKey(ip) },
        { limiter: recentByAccount, key: hashed(email) },
        { limiter: lettersByAddress, key: hashed(email) },
      ]);
      return (
        byIp.consumedPoints >= policy.captchaAfterIpFailures ||
        // Register ignores the account's failures: a captcha there would tell that it exists.
        (call === "restore" && byAccount.consumedPoints >= policy.captchaAfterAccountFailures) ||
        letters.consumedPoints >= policy.captchaAfterLettersPerAddress
      );
    },

    /** A register or restore for `email` went through: counted whether the address is known or not. */
    async letterRequested(email: string) {
      await lettersByAddress.consume(hashed(email)).catch(ignoreRefusal);
    },

    /** 429 while this account, from this address, has spent its wrong login codes. */
    async beforeLoginCode({ userId, ip }: { userId: string; ip: string }) {
      const res = await loginCodeFailures.get(pairKey(userId, ip));
      if (res && res.consumedPoints >= policy.secondCheckFailuresPerAccount) {
        throw rateLimited(res.msBeforeNext);
      }
    },
    /**
     * A wrong login code: the pair's count, and the soft counters, so the next login of the
     * account (from anywhere) or from the address needs a captcha: a proof of work per guess.
     */
    async loginCodeFailed({ userId, email, ip }: { userId: string; email: string; ip: string }) {
      await Promise.all([
        loginCodeFailures.consume(pairKey(userId, ip)).catch(ignoreRefusal),
        recentByAccount.consume(hashed(email)).catch(ignoreRefusal),
        recentByIp.consume(addressKey(ip)).catch(ignoreRefusal),
      ]);
    },

    /** 429 while a signed-in account has spent its wrong TOTP codes and re-entered passwords. */
    async beforeSecondCheck(userId: string) {
      const res = await secondCheckFailures.get(userId);
      if (res && res.consumedPoints >= policy.secondCheckFailuresPerAccount) {
        throw rateLimited(res.msBeforeNext);
      }
    },
    async secondCheckFailed(userId: string) {
      await secondCheckFailures.consume(userId).catch(ignoreRefusal);
    },
  };
}

/** Keys are digests: the store never holds an address or an e-mail in clear, and stays short. */
const hashed = digest;

function pairKey(email: string, ip: string): string {
  return hashed(`${email}\n${limitedAddress(ip)}`);
}

/** One point of `limiter` for `key`; over its budget → 429 `RATE_LIMITED` with the wait. */
export async function spend(limiter: RateLimiterAbstract, key: string) {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(error.msBeforeNext);
    throw error;
  }
}

/** A refusal while counting a failure is expected (the counter is already over). */
function ignoreRefusal(error: unknown) {
  if (!(error instanceof RateLimiterRes)) throw error;
}

/** 429 with the wait in whole seconds; the error handler copies it into `Retry-After`. */
export function rateLimited(msBeforeNext: number): AppError {
  return new AppError(ErrorCode.RATE_LIMITED, {
    details: { retry_after: Math.max(1, Math.ceil(msBeforeNext / 1000)) },
  });
}
