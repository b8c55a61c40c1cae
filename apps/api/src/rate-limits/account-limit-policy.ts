/**
 * How hard the account calls are limited (docs/decisions/026-rate-limits-captcha-totp.md).
 * Failures, not requests, decide the brute-force limits, and what an attacker can trigger for
 * someone else's account is only a captcha, never a lockout: the hard limits are per IP, or
 * per account *and* IP (the attacker's own address).
 */
export interface LimitPolicy {
  /** Requests per IP per minute to each limited call (login, register, restore, …). */
  requestsPerIpPerMinute: number;
  /** Failed logins for one account within `captchaWindowSeconds` after which a captcha is needed. */
  captchaAfterAccountFailures: number;
  /** Failed logins from one IP within `captchaWindowSeconds` after which a captcha is needed. */
  captchaAfterIpFailures: number;
  captchaWindowSeconds: number;
  /**
   * Letters asked for one address (register, restore) within an hour after which the next
   * request needs a captcha: nobody can flood a mailbox with our letters for free.
   */
  captchaAfterLettersPerAddress: number;
  /** Consecutive failed logins for one account from one IP: then that pair waits `blockSeconds`. */
  consecutiveFailuresPerAccountAndIp: number;
  /** Failed logins from one IP per day (slow brute force over many accounts): then a day's wait. */
  failuresPerIpPerDay: number;
  blockSeconds: number;
  /**
   * Wrong TOTP codes, and wrong passwords re-entered by a signed-in user (password change, TOTP
   * off), for one account within 15 minutes before it must wait: a stolen session must not
   * become a way to guess the password or the code. A login's wrong codes count per account
   * and address instead (issue 26 point 4), so the owner elsewhere is never made to wait.
   */
  secondCheckFailuresPerAccount: number;
}

export const DEFAULT_LIMIT_POLICY: LimitPolicy = {
  requestsPerIpPerMinute: 30,
  captchaAfterAccountFailures: 3,
  captchaAfterIpFailures: 10,
  captchaWindowSeconds: 15 * 60,
  captchaAfterLettersPerAddress: 3,
  consecutiveFailuresPerAccountAndIp: 10,
  failuresPerIpPerDay: 100,
  blockSeconds: 60 * 60,
  secondCheckFailuresPerAccount: 5,
};
