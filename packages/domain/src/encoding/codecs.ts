import { sha256 } from "@noble/hashes/sha2.js";
import { type BytesCoder, createBase58check } from "@scure/base";

/**
 * Base58Check (payload, then the first 4 bytes of SHA-256(SHA-256(payload))): how the
 * Bitcoin family and TRON write addresses. Built from audited libraries, not by hand
 * (docs/decisions/015-audited-crypto-and-cookies.md); the calculator runs it in the browser.
 */
export const base58check: BytesCoder = /* @__PURE__ */ createBase58check(sha256);

/**
 * The codecs throw on malformed text; to an address rule that is an ordinary "no", so it
 * becomes null here rather than an exception at every call site.
 */
export function decodeOrNull(coder: Pick<BytesCoder, "decode">, text: string): Uint8Array | null {
  try {
    return coder.decode(text);
  } catch {
    return null;
  }
}
