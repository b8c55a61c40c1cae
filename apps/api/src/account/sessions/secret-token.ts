import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/**
 * A new secret for a session or an e-mailed link: 20 random bytes (160 bits, above the 128
 * the Copenhagen Book and DESIGN.md ask for) from the OS's CSPRNG, base32 in lower case: 32
 * URL-safe characters that survive mail clients and fit the web tier's link pattern.
 */
export function generateSecretToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * What the database keeps of a token: its SHA-256 in hex. A token is random and long, so an
 * unsalted fast hash suffices; a leaked table of hashes opens no session and no link.
 */
export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
