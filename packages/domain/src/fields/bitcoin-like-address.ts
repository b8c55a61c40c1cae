import { base58check, decodeOrNull } from "../encoding/codecs.ts";
import { decodeSegwitAddress } from "./segwit-address.ts";

/** Mainnet address rules of one Bitcoin-family chain. Testnet forms are refused on purpose. */
export interface BitcoinLikeChain {
  /** Base58Check version bytes of P2PKH and P2SH payloads (20-byte hash after the version). */
  versions: readonly number[];
  /** Bech32/bech32m human-readable part of native segwit addresses, if the chain has them. */
  segwitHrp: string | null;
}

/** Version bytes from each chain's chainparams (mainnet). */
export const BITCOIN: BitcoinLikeChain = { versions: [0x00, 0x05], segwitHrp: "bc" };
/** Litecoin: L… (0x30), M… (0x32) and the legacy 3… P2SH (0x05) still in circulation. */
export const LITECOIN: BitcoinLikeChain = { versions: [0x30, 0x32, 0x05], segwitHrp: "ltc" };
/** Dogecoin: D… (0x1e) and 9…/A… P2SH (0x16); no segwit addresses. */
export const DOGECOIN: BitcoinLikeChain = { versions: [0x1e, 0x16], segwitHrp: null };

/** The normalised address (bech32 in lower case) or null. */
export function normalizeBitcoinLikeAddress(chain: BitcoinLikeChain, text: string): string | null {
  if (chain.segwitHrp !== null && text.toLowerCase().startsWith(`${chain.segwitHrp}1`)) {
    return decodeSegwitAddress(chain.segwitHrp, text) === null ? null : text.toLowerCase();
  }
  const payload = decodeOrNull(base58check, text);
  if (payload === null || payload.length !== 21) return null;
  return chain.versions.includes(payload[0]!) ? text : null;
}
