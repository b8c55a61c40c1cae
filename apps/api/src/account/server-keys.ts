import { hkdfSync } from "node:crypto";

/**
 * A key for one purpose, derived from the server secret (the web tier's API secret:
 * `API_SECRET`, or the one generated and kept in the database, shared by every replica). One
 * secret to configure, and a key leaked from one use (say, the captcha's HMAC) tells nothing
 * about another (the TOTP secrets' seal). Docs/decisions/026-rate-limits-captcha-totp.md.
 */
export function deriveServerKey(serverSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "obmen", `obmen/${purpose}`, 32));
}
