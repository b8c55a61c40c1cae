/**
 * Bech32 (BIP-173) and Bech32m (BIP-350) decoding, and segwit addresses on top of them.
 * Constants are the BIPs': generator of the BCH code, final xor 1 (bech32) or
 * 0x2bc830a3 (bech32m).
 */

const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONSTANT = 1;
const BECH32M_CONSTANT = 0x2bc830a3;
/** BIP-173: segwit addresses are at most 90 characters. */
const MAX_LENGTH = 90;

export type Bech32Variant = "bech32" | "bech32m";

export interface Bech32Decoded {
  hrp: string;
  /** 5-bit groups without the 6 checksum characters. */
  words: number[];
  variant: Bech32Variant;
}

function polymod(values: number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) {
      if ((top >>> i) & 1) checksum ^= GENERATOR[i]!;
    }
  }
  return checksum >>> 0;
}

function expandHrp(hrp: string): number[] {
  const high: number[] = [];
  const low: number[] = [];
  for (let i = 0; i < hrp.length; i++) {
    const code = hrp.charCodeAt(i);
    high.push(code >> 5);
    low.push(code & 31);
  }
  return [...high, 0, ...low];
}

/** Decodes either variant; null on mixed case, bad characters or a failing checksum. */
export function decodeBech32(text: string): Bech32Decoded | null {
  if (text.length > MAX_LENGTH) return null;
  const lower = text.toLowerCase();
  if (text !== lower && text !== text.toUpperCase()) return null;
  const separator = lower.lastIndexOf("1");
  if (separator < 1 || separator + 7 > lower.length) return null;
  const hrp = lower.slice(0, separator);
  for (let i = 0; i < hrp.length; i++) {
    const code = hrp.charCodeAt(i);
    if (code < 33 || code > 126) return null;
  }
  const data: number[] = [];
  for (const character of lower.slice(separator + 1)) {
    const value = CHARSET.indexOf(character);
    if (value < 0) return null;
    data.push(value);
  }
  const check = polymod([...expandHrp(hrp), ...data]);
  const variant =
    check === BECH32_CONSTANT ? "bech32" : check === BECH32M_CONSTANT ? "bech32m" : null;
  if (variant === null) return null;
  return { hrp, words: data.slice(0, -6), variant };
}

/** Regroups 5-bit words into bytes; padding must be under 5 bits and all zero (BIP-173). */
function wordsToBytes(words: number[]): Uint8Array | null {
  let accumulator = 0;
  let bits = 0;
  const bytes: number[] = [];
  for (const word of words) {
    accumulator = ((accumulator << 5) | word) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((accumulator >> bits) & 0xff);
    }
  }
  if (bits >= 5 || ((accumulator << (8 - bits)) & 0xff) !== 0) return null;
  return Uint8Array.from(bytes);
}

export interface SegwitAddress {
  version: number;
  program: Uint8Array;
}

/**
 * A native segwit address for `hrp` ("bc", "ltc"): witness version 0 uses bech32 with a
 * 20- or 32-byte program; versions 1–16 use bech32m with 2–40 bytes (BIP-350 decode rules).
 */
export function decodeSegwitAddress(hrp: string, text: string): SegwitAddress | null {
  const decoded = decodeBech32(text);
  if (decoded === null || decoded.hrp !== hrp || decoded.words.length < 1) return null;
  const version = decoded.words[0]!;
  if (version > 16) return null;
  const program = wordsToBytes(decoded.words.slice(1));
  if (program === null || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  if ((version === 0) !== (decoded.variant === "bech32")) return null;
  return { version, program };
}
