import { normalizeAccountEmail } from "@obmen/domain";
import type { LimitedCall } from "../../rate-limits/account-limits.ts";
import type { AccountSecurity } from "../account-security.ts";
import { requireCaptcha } from "./require-captcha.ts";

/**
 * Register and restore: the IP's request budget, then a captcha when the IP (or, for restore,
 * the account) has failed to log in repeatedly of late, so a password-guessing run cannot
 * move on to these calls unchallenged, or when the address was sent a few letters this hour
 * already (docs/decisions/026-rate-limits-captcha-totp.md).
 */
export async function passCaptchaGate<T>(options: {
  security: AccountSecurity;
  call: Extract<LimitedCall, "register" | "restore">;
  ip: string;
  email: string;
  captcha?: string;
  /** The call itself; only one that went through counts as a letter for the address. */
  run: () => Promise<T>;
}): Promise<T> {
  const { security, ip } = options;
  await security.limits.throttle(options.call, ip);
  const email = normalizeAccountEmail(options.email) ?? options.email.trim().toLowerCase();
  const required = await security.limits.captchaRequired({ ip, email, call: options.call });
  await requireCaptcha({ captcha: security.captcha, required, solution: options.captcha });
  const result = await options.run();
  await security.limits.letterRequested(email);
  return result;
}
