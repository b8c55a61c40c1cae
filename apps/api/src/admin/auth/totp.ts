import { Secret, TOTP } from "otpauth";

/**
 * TOTP second factor (RFC 6238) through `otpauth`: SHA-1, 6 digits, 30 seconds, which every
 * authenticator app reads from an `otpauth://` URI. A code is accepted one step either side of
 * now (clock drift), and a step once: the caller stores the step it accepted and passes it as
 * `lastStep`, so a code seen over a shoulder or in a log cannot be replayed.
 */
const PERIOD_SECONDS = 30;
const ISSUER = "Obmen console";

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** What an authenticator app scans (the console draws it as a QR code). */
export function totpUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The step the code was made for, or null for a wrong, stale or already used code. */
export function acceptTotp(options: {
  secret: string;
  code: string;
  lastStep: number | null;
  now?: number;
}): number | null {
  const code = options.code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) return null;
  const now = options.now ?? Date.now();
  const delta = totpFor(options.secret, "").validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
  if (options.lastStep !== null && step <= options.lastStep) return null;
  return step;
}

/** A valid code for now: tests and the CLI's self-check use it. */
export function currentTotp(secret: string, now = Date.now()): string {
  return totpFor(secret, "").generate({ timestamp: now });
}
