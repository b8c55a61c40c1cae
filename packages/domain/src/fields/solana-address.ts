import { base58 } from "@scure/base";
import { decodeOrNull } from "../encoding/codecs.ts";

/**
 * Solana: base58 of a 32-byte public key (32–44 characters). The format has no checksum,
 * so a typo that still decodes to 32 bytes cannot be caught here.
 */
export function normalizeSolanaAddress(text: string): string | null {
  if (text.length < 32 || text.length > 44) return null;
  const bytes = decodeOrNull(base58, text);
  return bytes !== null && bytes.length === 32 ? text : null;
}
