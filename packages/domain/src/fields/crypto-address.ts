import {
  BITCOIN,
  DOGECOIN,
  LITECOIN,
  normalizeBitcoinLikeAddress,
} from "./bitcoin-like-address.ts";
import { normalizeEvmAddress } from "./evm-address.ts";
import { normalizeSolanaAddress } from "./solana-address.ts";
import { normalizeTonAddress } from "./ton-address.ts";
import { normalizeTronAddress } from "./tron-address.ts";

type Normalizer = (text: string) => string | null;

/**
 * Address rules per `network` code of an order field (contracts `OrderFieldDefinition`).
 * Codes are matched case-insensitively; tokens use their chain's rules (USDT on TRC20 is a
 * TRON address, on BEP20 an EVM one).
 */
const NETWORK_RULES = new Map<string, Normalizer>(
  Object.entries({
    BTC: (text) => normalizeBitcoinLikeAddress(BITCOIN, text),
    LTC: (text) => normalizeBitcoinLikeAddress(LITECOIN, text),
    DOGE: (text) => normalizeBitcoinLikeAddress(DOGECOIN, text),
    ETH: normalizeEvmAddress,
    ERC20: normalizeEvmAddress,
    BEP20: normalizeEvmAddress,
    BSC: normalizeEvmAddress,
    POLYGON: normalizeEvmAddress,
    MATIC: normalizeEvmAddress,
    ARBITRUM: normalizeEvmAddress,
    OPTIMISM: normalizeEvmAddress,
    BASE: normalizeEvmAddress,
    AVAXC: normalizeEvmAddress,
    TRX: normalizeTronAddress,
    TRON: normalizeTronAddress,
    TRC20: normalizeTronAddress,
    TON: normalizeTonAddress,
    SOL: normalizeSolanaAddress,
    SPL: normalizeSolanaAddress,
  }),
);

/** Networks with real checks; anything else gets the generic check below. */
export const KNOWN_ADDRESS_NETWORKS: readonly string[] = [...NETWORK_RULES.keys()];

/** Unknown network: one token of printable ASCII, the shape every chain's address shares. */
const GENERIC_ADDRESS = /^[\x21-\x7e]{8,128}$/;

/** The normalised address, or null when it is not valid on `network`. */
export function normalizeCryptoAddress(options: {
  network: string | null;
  value: string;
}): string | null {
  const rule =
    options.network === null ? undefined : NETWORK_RULES.get(options.network.toUpperCase());
  if (rule !== undefined) return rule(options.value);
  return GENERIC_ADDRESS.test(options.value) ? options.value : null;
}
