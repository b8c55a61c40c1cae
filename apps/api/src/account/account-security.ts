import { createOrderCreatorKeys, type OrderCreatorKeys } from "../orders/creator/creator-keys.ts";
import { DEFAULT_LIMIT_POLICY, type LimitPolicy } from "../rate-limits/account-limit-policy.ts";
import { type AccountLimits, createAccountLimits } from "../rate-limits/account-limits.ts";
import type { LimiterStore } from "../rate-limits/limiter-store.ts";
import {
  createPublicCallLimits,
  type PublicCallLimits,
} from "../rate-limits/public-call-limits.ts";
import {
  DEFAULT_PUBLIC_CALL_POLICY,
  type PublicCallPolicy,
} from "../rate-limits/public-call-policy.ts";
import {
  type Captcha,
  type CaptchaDifficulty,
  createAltchaCaptcha,
  NO_CAPTCHA,
} from "./captcha/captcha.ts";
import { deriveServerKey } from "./server-keys.ts";
import { createSecretBox, type SecretBox } from "./totp/secret-box.ts";

/** Limits, captcha and the TOTP secrets' seal (docs/decisions/026-rate-limits-captcha-totp.md). */
export interface AccountSecurity {
  limits: AccountLimits;
  /** Budgets per client IP of the costly public calls: orders, receipts, reviews (decision 036). */
  publicCalls: PublicCallLimits;
  captcha: Captcha;
  totpBox: SecretBox;
  /** Seals the operator alerts' Telegram bot token at rest (decision 038 "Alerts"). */
  alertsBox: SecretBox;
  /** Keys the blacklist's card hashes (risk/blacklist-value.ts, decision 062). */
  blacklistCardKey: Buffer;
  /** The proof an order's creator moves it with (decision 052), derived from the same secret. */
  orderCreatorKeys: OrderCreatorKeys;
}

export interface AccountSecurityOptions {
  /** Where counters and used captcha solutions live (memory, PostgreSQL or Redis). */
  store: LimiterStore;
  /**
   * The server secret the captcha's HMAC keys and the TOTP seal are derived from: every replica
   * must be given the same one (the web tier's API secret, from API_SECRET or the database).
   */
  serverSecret: string;
  /** `CAPTCHA_PROVIDER`: `altcha` (default) or `none`. */
  captchaProvider?: "altcha" | "none";
  captchaDifficulty?: CaptchaDifficulty;
  policy?: Partial<LimitPolicy>;
  /**
   * The public calls' budgets (`RATE_LIMIT_*`, README, parsed in the server's config); unset
   * ones take DEFAULT_PUBLIC_CALL_POLICY. Test harnesses pass theirs like an operator would.
   */
  publicCallPolicy?: Partial<PublicCallPolicy>;
}

export function createAccountSecurity(options: AccountSecurityOptions): AccountSecurity {
  const policy = { ...DEFAULT_LIMIT_POLICY, ...options.policy };
  return {
    limits: createAccountLimits(options.store, policy),
    publicCalls: createPublicCallLimits(options.store, {
      ...DEFAULT_PUBLIC_CALL_POLICY,
      ...options.publicCallPolicy,
    }),
    captcha:
      options.captchaProvider === "none"
        ? NO_CAPTCHA
        : createAltchaCaptcha({
            serverSecret: options.serverSecret,
            store: options.store,
            difficulty: options.captchaDifficulty,
          }),
    totpBox: createSecretBox(options.serverSecret),
    alertsBox: createSecretBox(options.serverSecret, "alerts/telegram-token"),
    blacklistCardKey: deriveServerKey(options.serverSecret, "blacklist/card"),
    orderCreatorKeys: createOrderCreatorKeys(options.serverSecret),
  };
}
