import { base64nopad, base64urlnopad } from "@scure/base";
import { decodeOrNull } from "../encoding/codecs.ts";
import { crc16Xmodem } from "../encoding/crc16.ts";

const BOUNCEABLE = 0x11;
const NON_BOUNCEABLE = 0x51;
const TEST_ONLY = 0x80;
const RAW = /^(0|-1):([0-9a-fA-F]{64})$/;
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/;

/**
 * TON address (TEP-2). User-friendly: 48 base64/base64url characters of 36 bytes — tag
 * (0x11 bounceable, 0x51 non-bounceable; +0x80 test-only, refused here as we pay out on
 * mainnet), workchain (0x00 basechain or 0xff masterchain), 32-byte account id, and the
 * CRC16-XMODEM of those 34 bytes big-endian. Raw `0:<64 hex>` / `-1:<64 hex>` carries no
 * checksum but is accepted (brief) and normalised to lower case.
 */
export function normalizeTonAddress(text: string): string | null {
  const raw = RAW.exec(text);
  if (raw !== null) return `${raw[1]}:${raw[2]!.toLowerCase()}`;
  if (!FRIENDLY.test(text)) return null;
  // Either alphabet, one per address: the url-safe decoder refuses a stray "+" or "/".
  const bytes = decodeOrNull(/[-_]/.test(text) ? base64urlnopad : base64nopad, text);
  if (bytes === null || bytes.length !== 36) return null;
  const tag = bytes[0]!;
  if (tag & TEST_ONLY || (tag !== BOUNCEABLE && tag !== NON_BOUNCEABLE)) return null;
  if (bytes[1] !== 0x00 && bytes[1] !== 0xff) return null;
  const checksum = (bytes[34]! << 8) | bytes[35]!;
  return crc16Xmodem(bytes.subarray(0, 34)) === checksum ? text : null;
}
