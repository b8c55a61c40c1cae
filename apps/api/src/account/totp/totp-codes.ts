import { Secret, TOTP } from "otpauth";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;

/** A code from the step before or after is accepted too: clocks drift and people type slowly. */
const WINDOW_STEPS = 1;

export function newTotpSecret(): string {
  // 160 bits, the size RFC 4226 recommends for HMAC-SHA-1.
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = "", issuer = "") {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The `otpauth://totp/…` URI an authenticator app scans. */
export function totpUri(options: { secret: string; account: string; issuer: string }): string {
  return totpOf(options.secret, options.account, options.issuer).toString();
}

/**
 * The time step the code belongs to, or null when it is not a current code. The caller
 * accepts it only for a step later than the last accepted one (single use).
 */
export function matchingTimeStep(options: {
  secret: string;
  code: string;
  now?: number;
}): number | null {
  if (!/^\d{6}$/.test(options.code)) return null;
  const timestamp = options.now ?? Date.now();
  const totp = totpOf(options.secret);
  const delta = totp.validate({ token: options.code, timestamp, window: WINDOW_STEPS });
  if (delta === null) return null;
  return totp.counter({ timestamp }) + delta;
}

/** The current code (tests and the benchmark play the authenticator app). */
export function currentTotpCode(secret: string, timestamp = Date.now()): string {
  return totpOf(secret).generate({ timestamp });
}
