import { describe, expect, it } from "vitest";
import { base58check } from "../src/encoding/codecs.ts";
import { crc16Xmodem } from "../src/encoding/crc16.ts";
import { toChecksumAddress, validateOrderField } from "../src/index.ts";

const check = (network: string | null, value: string) =>
  validateOrderField({ type: "crypto_address", network, value });

/** Real addresses from the chains' specs, docs and explorers (see comments per group). */
const VALID: ReadonlyArray<[network: string, address: string]> = [
  // BTC: genesis coinbase, a P2SH, BIP-173/350 segwit vectors (v0, v1 taproot, v2, v16).
  ["BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"],
  ["BTC", "3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt"],
  ["BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"],
  ["BTC", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"],
  ["BTC", "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y"],
  ["BTC", "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs"],
  // LTC: L… P2PKH, M… and legacy 3… P2SH, ltc1 segwit (v0, 20 and 32 bytes).
  ["LTC", "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9"],
  ["LTC", "Lb6wDP2kHGyWC7vrZuZAgV7V4ECyDdH7a6"],
  ["LTC", "MUWheVyCBf3Fm3WNNXvotQ3Gj8NTSZCBVe"],
  ["LTC", "3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt"],
  ["LTC", "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea"],
  ["LTC", "ltc1qhxka8d59lylj76rpsflhagp76nvckggd8x0tt7jtnphpkmfv3snsk6suq0"],
  ["DOGE", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"],
  // EIP-55's own test vectors, across the EVM network codes.
  ["ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"],
  ["ERC20", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"],
  ["BEP20", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB"],
  ["eth", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"],
  // TRON: the USDT TRC20 contract and an ordinary account.
  ["TRX", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
  ["TRC20", "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r"],
  // TON: docs example and TEP-2's root DNS in both flag variants.
  ["TON", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF"],
  ["TON", "Ef_lZ1T4NCb2mwkme9h2rJfESCE0W34ma9lWp7-_uY3zXDvq"],
  ["TON", "Uf_lZ1T4NCb2mwkme9h2rJfESCE0W34ma9lWp7-_uY3zXGYv"],
  ["TON", "Uf/lZ1T4NCb2mwkme9h2rJfESCE0W34ma9lWp7+/uY3zXGYv"],
  // SOL: wrapped SOL mint, SPL token program, the system program (32 zero bytes).
  ["SOL", "So11111111111111111111111111111111111111112"],
  ["SOL", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"],
  ["SOL", "11111111111111111111111111111111"],
];

describe("crypto addresses: real valid addresses", () => {
  it.each(VALID)("%s %s", (network, address) => {
    expect(check(network, address)).toMatchObject({ ok: true });
  });
});

/** Replaces one character with another from the same alphabet, keeping case style. */
function mutate(address: string, position: number): string {
  const character = address[position]!;
  const pool = /[0-9]/.test(character)
    ? "0123456789"
    : character === character.toUpperCase()
      ? "ABCDEFGHJKLMNPQRSTUVWXYZ"
      : "abcdefghijkmnpqrstuvwxyz";
  const replacement = pool[(pool.indexOf(character) + 1) % pool.length]!;
  return address.slice(0, position) + replacement + address.slice(position + 1);
}

describe("crypto addresses: one changed character fails", () => {
  // Solana has no checksum, so a typo that still decodes to 32 bytes passes: excluded.
  const checksummed = VALID.filter(([network]) => network !== "SOL");
  const cases = checksummed.flatMap(([network, address]) => {
    const prefix = address.startsWith("0x") ? 2 : (address.match(/^[a-z]+1/i)?.[0].length ?? 1);
    const positions = [prefix, Math.floor(address.length / 2), address.length - 1];
    return positions.map((position) => [network, mutate(address, position)] as const);
  });

  it.each(cases)("%s %s", (network, mutated) => {
    expect(check(network, mutated)).toEqual({ ok: false, reason: "invalid_address" });
  });
});

describe("crypto addresses: normalisation and network rules", () => {
  it("lower-cases bech32 and accepts the all-upper form", () => {
    expect(check("BTC", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")).toEqual({
      ok: true,
      normalized: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    });
    expect(check("BTC", "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4").ok).toBe(false);
  });

  it("accepts caseless EVM addresses and normalises them to EIP-55", () => {
    const checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    for (const value of [checksummed.toLowerCase(), `0x${checksummed.slice(2).toUpperCase()}`]) {
      expect(check("ERC20", value)).toEqual({ ok: true, normalized: checksummed });
    }
    expect(toChecksumAddress(checksummed.toLowerCase())).toBe(checksummed);
    // One letter's case flipped breaks the checksum.
    expect(check("ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD").ok).toBe(false);
    expect(check("ETH", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed").ok).toBe(false);
    expect(check("ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe").ok).toBe(false);
  });

  it("refuses testnet and other chains' addresses", () => {
    expect(check("BTC", "mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef").ok).toBe(false); // testnet P2PKH
    expect(check("BTC", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7").ok).toBe(
      false,
    );
    expect(check("BTC", "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9").ok).toBe(false);
    expect(check("LTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa").ok).toBe(false);
    expect(check("DOGE", "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea").ok).toBe(false);
    expect(check("TRX", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa").ok).toBe(false);
    expect(check("ETH", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").ok).toBe(false);
    // A correctly checksummed payload with TRON's length but the wrong version byte.
    const wrongVersion = base58check.encode(Uint8Array.from([0x42, ...new Uint8Array(20)]));
    expect(check("TRX", wrongVersion).ok).toBe(false);
  });

  it("TON: accepts raw form, refuses test-only flags, bad workchains and bad CRC", () => {
    expect(
      check("TON", "-1:E56754F83426F69B09267BD876AC97C44821345B7E266BD956A7BFBFB98DF35C"),
    ).toEqual({
      ok: true,
      normalized: "-1:e56754f83426f69b09267bd876ac97c44821345b7e266bd956a7bfbfb98df35c",
    });
    expect(
      check("TON", "1:e56754f83426f69b09267bd876ac97c44821345b7e266bd956a7bfbfb98df35c").ok,
    ).toBe(false);
    const friendly = (tag: number, workchain: number) => {
      const bytes = new Uint8Array(36);
      bytes[0] = tag;
      bytes[1] = workchain;
      bytes.fill(7, 2, 34);
      const crc = crc16Xmodem(bytes.subarray(0, 34));
      bytes[34] = crc >> 8;
      bytes[35] = crc & 0xff;
      return btoa(String.fromCharCode(...bytes))
        .replaceAll("+", "-")
        .replaceAll("/", "_");
    };
    expect(check("TON", friendly(0x11, 0x00)).ok).toBe(true);
    expect(check("TON", friendly(0x51, 0xff)).ok).toBe(true);
    expect(check("TON", friendly(0x91, 0x00)).ok).toBe(false); // test-only
    expect(check("TON", friendly(0x12, 0x00)).ok).toBe(false); // unknown tag
    expect(check("TON", friendly(0x11, 0x01)).ok).toBe(false); // unknown workchain
  });

  it("SOL: refuses wrong lengths and characters outside base58", () => {
    expect(check("SOL", "1111111111111111111111111111111").ok).toBe(false); // 31 bytes
    expect(check("SOL", "So1111111111111111111111111111111111111111O").ok).toBe(false);
    expect(check("SOL", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed").ok).toBe(false);
  });

  it("unknown or missing network: a generic sane-token check", () => {
    expect(check("XRP", "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh")).toMatchObject({ ok: true });
    expect(check(null, "addr1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh")).toMatchObject({ ok: true });
    expect(check("XRP", "short")).toEqual({ ok: false, reason: "invalid_address" });
    expect(check("XRP", "has space inside it")).toEqual({ ok: false, reason: "invalid_address" });
    expect(check("XRP", "адрес-кириллицей-1234")).toEqual({ ok: false, reason: "invalid_address" });
  });

  it("trims, requires, and bounds length before parsing", () => {
    expect(check("BTC", "  1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa\n")).toEqual({
      ok: true,
      normalized: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
    });
    expect(check("BTC", "   ")).toEqual({ ok: false, reason: "required" });
    expect(check("BTC", "1".repeat(5000))).toEqual({ ok: false, reason: "too_long" });
    expect(check("TOSTRING", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toMatchObject({ ok: true });
  });
});
