import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

const SHAPE = /^0x[0-9a-fA-F]{40}$/;

/**
 * EIP-55: a letter is upper case when the matching nibble of keccak256(lowercase hex) ≥ 8.
 * Ethereum's Keccak-256 (padding 0x01), not FIPS SHA3-256 (0x06): the two differ.
 */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let result = "0x";
  for (let i = 0; i < lower.length; i++) {
    const character = lower[i]!;
    result += Number.parseInt(hash[i]!, 16) >= 8 ? character.toUpperCase() : character;
  }
  return result;
}

/**
 * Ethereum-style address (ETH, ERC20, BEP20, other EVM chains): 0x + 40 hex. Mixed case must
 * carry a valid EIP-55 checksum; all-lower and all-upper case carry none and are accepted.
 * Normalised to the checksummed form, which lets wallets catch a later typo.
 */
export function normalizeEvmAddress(text: string): string | null {
  if (!SHAPE.test(text)) return null;
  const body = text.slice(2);
  const checksummed = toChecksumAddress(text);
  const caseless = body === body.toLowerCase() || body === body.toUpperCase();
  if (!caseless && checksummed !== text) return null;
  return checksummed;
}
