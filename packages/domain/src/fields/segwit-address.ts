import { bech32, bech32m } from "@scure/base";

export interface SegwitAddress {
  version: number;
  program: Uint8Array;
}

/**
 * A native segwit address for `hrp` ("bc", "ltc"). The checksums and the 5-bit regrouping are
 * @scure/base's; the rules on top are BIP-173's and BIP-350's, which no codec knows: witness
 * version 0 uses bech32 with a 20- or 32-byte program, versions 1–16 use bech32m with 2–40
 * bytes. Null when any of it fails.
 */
export function decodeSegwitAddress(hrp: string, text: string): SegwitAddress | null {
  const asBech32 = bech32.decodeUnsafe(text);
  const decoded = asBech32 ?? bech32m.decodeUnsafe(text);
  if (!decoded || decoded.prefix !== hrp || decoded.words.length < 1) return null;
  const [version = 0, ...programWords] = decoded.words;
  if (version > 16 || (version === 0) !== Boolean(asBech32)) return null;
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program };
}
