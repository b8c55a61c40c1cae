import { sha256 } from "./sha256.ts";

/** Bitcoin's base58 alphabet (no 0, O, I, l); also used by TRON and Solana. */
const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const DIGIT_OF = new Map([...ALPHABET].map((character, digit) => [character, digit]));

/**
 * Decodes base58 (leading "1"s are leading zero bytes). Quadratic, so callers bound the
 * input length first (field validation caps addresses at 128 characters). Null when invalid.
 */
export function decodeBase58(text: string): Uint8Array | null {
  if (text.length === 0) return null;
  const bytes: number[] = []; // little-endian base-256 accumulator
  for (const character of text) {
    let carry = DIGIT_OF.get(character);
    if (carry === undefined) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  let leadingZeros = 0;
  while (leadingZeros < text.length && text[leadingZeros] === "1") leadingZeros++;
  const result = new Uint8Array(leadingZeros + bytes.length);
  for (let i = 0; i < bytes.length; i++) result[result.length - 1 - i] = bytes[i]!;
  return result;
}

export function encodeBase58(bytes: Uint8Array): string {
  const digits: number[] = []; // little-endian base-58 accumulator
  for (const byte of bytes) {
    let carry = byte;
    for (let i = 0; i < digits.length; i++) {
      carry += digits[i]! * 256;
      digits[i] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let leadingZeros = 0;
  while (leadingZeros < bytes.length && bytes[leadingZeros] === 0) leadingZeros++;
  return (
    "1".repeat(leadingZeros) +
    digits
      .reverse()
      .map((digit) => ALPHABET[digit])
      .join("")
  );
}

/**
 * Base58Check: payload followed by the first 4 bytes of SHA-256(SHA-256(payload)).
 * Returns the payload (version byte included) or null when malformed or the checksum fails.
 */
export function decodeBase58Check(text: string): Uint8Array | null {
  const bytes = decodeBase58(text);
  if (bytes === null || bytes.length < 5) return null;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) {
    if (checksum[i] !== bytes[payload.length + i]) return null;
  }
  return payload;
}

export function encodeBase58Check(payload: Uint8Array): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  const bytes = new Uint8Array(payload.length + 4);
  bytes.set(payload);
  bytes.set(checksum, payload.length);
  return encodeBase58(bytes);
}
