import { base58check, decodeOrNull } from "../encoding/codecs.ts";

/** TRON mainnet: Base58Check of 0x41 + 20-byte account id, which always renders as T…. */
export function normalizeTronAddress(text: string): string | null {
  if (!text.startsWith("T")) return null;
  const payload = decodeOrNull(base58check, text);
  if (payload === null || payload.length !== 21 || payload[0] !== 0x41) return null;
  return text;
}
