import { HDKey } from "@scure/bip32";
import { NETWORK, p2pkh, p2sh, p2wpkh, TEST_NETWORK } from "@scure/btc-signer";

type Network = typeof NETWORK;
type Script = "p2pkh" | "p2sh-p2wpkh" | "p2wpkh";

/** Litecoin's address parameters (its chainparams.cpp): `ltc1…`, `L…`, `M…`. */
const LITECOIN: Network = { bech32: "ltc", pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };

/**
 * What each extended key's prefix promises (SLIP-132): its version bytes, the script its
 * addresses use (BIP 44 legacy, BIP 49 wrapped SegWit, BIP 84 native SegWit) and whether it is
 * a testnet key. The key is the account level (m/84'/0'/0'); orders take the receive chain 0/i.
 */
const PREFIXES: Record<string, { public: number; script: Script; testnet: boolean }> = {
  xpub: { public: 0x0488b21e, script: "p2pkh", testnet: false },
  ypub: { public: 0x049d7cb2, script: "p2sh-p2wpkh", testnet: false },
  zpub: { public: 0x04b24746, script: "p2wpkh", testnet: false },
  tpub: { public: 0x043587cf, script: "p2pkh", testnet: true },
  upub: { public: 0x044a5262, script: "p2sh-p2wpkh", testnet: true },
  vpub: { public: 0x045f1cf6, script: "p2wpkh", testnet: true },
  Ltub: { public: 0x019da462, script: "p2pkh", testnet: false },
  Mtub: { public: 0x01b26ef6, script: "p2sh-p2wpkh", testnet: false },
};

export class InvalidExtendedKeyError extends Error {}

export interface ParsedExtendedKey {
  key: HDKey;
  script: Script;
  network: Network;
}

/**
 * Reads an operator's extended public key (decision 058). A private key (xprv…) is refused as
 * malformed: the server must never hold one. `currencyCode` picks Litecoin's address format for
 * LTC; every other currency is Bitcoin's.
 */
export function parseExtendedKey(options: {
  xpub: string;
  currencyCode?: string;
}): ParsedExtendedKey {
  const prefix = PREFIXES[options.xpub.slice(0, 4)];
  if (!prefix) throw new InvalidExtendedKeyError("unknown extended public key prefix");
  let key: HDKey;
  try {
    // The private version is never accepted: a value a public key cannot have.
    key = HDKey.fromExtendedKey(options.xpub, { public: prefix.public, private: 0 });
  } catch (error) {
    throw new InvalidExtendedKeyError((error as Error).message);
  }
  if (key.privateKey || !key.publicKey) throw new InvalidExtendedKeyError("not a public key");
  const litecoin = options.currencyCode?.toUpperCase() === "LTC";
  const network = litecoin ? LITECOIN : prefix.testnet ? TEST_NETWORK : NETWORK;
  return { key, script: prefix.script, network };
}

/** The address of child `index` on the receive chain (…/0/index) of a parsed key. */
export function deriveAddress(options: {
  parsed: ParsedExtendedKey;
  index: number;
  /** 0: receive (orders), 1: change; only tests ask for change. */
  chain?: 0 | 1;
}): string {
  const { parsed, index } = options;
  const child = parsed.key.deriveChild(options.chain ?? 0).deriveChild(index);
  const publicKey = child.publicKey!;
  const payment =
    parsed.script === "p2pkh"
      ? p2pkh(publicKey, parsed.network)
      : parsed.script === "p2wpkh"
        ? p2wpkh(publicKey, parsed.network)
        : p2sh(p2wpkh(publicKey, parsed.network), parsed.network);
  return payment.address!;
}

/** The first `count` receive addresses of a key: what the console shows to check a binding. */
export function firstAddresses(options: {
  xpub: string;
  currencyCode?: string;
  count: number;
}): string[] {
  const parsed = parseExtendedKey(options);
  return Array.from({ length: options.count }, (_, index) => deriveAddress({ parsed, index }));
}
