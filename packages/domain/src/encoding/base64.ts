const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * Decodes unpadded standard or URL-safe base64 (one alphabet per string, never mixed), as
 * TON user-friendly addresses use (TEP-2). Length must be a multiple of 4. Null if invalid.
 * Written out because `atob` knows no base64url and tolerates whitespace, and `Buffer` is Node's.
 */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0) return null;
  const urlSafe = /[-_]/.test(text);
  if (urlSafe && /[+/]/.test(text)) return null;
  const standard = urlSafe ? text.replaceAll("-", "+").replaceAll("_", "/") : text;
  const bytes = new Uint8Array((standard.length / 4) * 3);
  for (let group = 0; group < standard.length; group += 4) {
    let word = 0;
    for (let i = 0; i < 4; i++) {
      const value = ALPHABET.indexOf(standard[group + i]!);
      if (value < 0) return null;
      word = (word << 6) | value;
    }
    const at = (group / 4) * 3;
    bytes[at] = (word >>> 16) & 0xff;
    bytes[at + 1] = (word >>> 8) & 0xff;
    bytes[at + 2] = word & 0xff;
  }
  return bytes;
}
