import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";

const base58check = createBase58check(sha256);
/** TRON's mainnet address prefix byte: every `T…` address decodes to 0x41 + 20 bytes. */
const TRON_PREFIX = 0x41;

/** A TRON address as wallets write it (base58check of 0x41 + the 20-byte account hash). */
export function isTronAddress(value: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false;
  try {
    const bytes = base58check.decode(value);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}
