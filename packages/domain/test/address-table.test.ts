import { describe, expect, it } from "vitest";
import { KNOWN_ADDRESS_NETWORKS, validateOrderField } from "../src/index.ts";

/**
 * The address validators' answers, per network family, pinned so that swapping the encoding
 * and hashing underneath (issue 12: audited libraries instead of hand-written code) cannot
 * change what an order accepts. `expected` is the normalised address, or null for a refusal.
 *
 * Sources: BIP-173 and BIP-350 test vectors, the EIP-55 examples, TEP-2, well-known mainnet
 * addresses (genesis coinbase, token contracts and mints). Rows marked "made" were built for
 * this table from a fixed hash with a reference encoder (BIP-173's segwit_addr, Base58Check,
 * TEP-2's layout), to reach a rule no public vector covers.
 */
type Row = readonly [why: string, address: string, expected: string | null];

interface Family {
  /** Every network code that uses these rules (contracts `OrderFieldDefinition.network`). */
  codes: readonly string[];
  rows: readonly Row[];
}

const same = (why: string, address: string): Row => [why, address, address];
const refused = (why: string, address: string): Row => [why, address, null];

const BTC: Family = {
  codes: ["BTC"],
  rows: [
    same("P2PKH, genesis coinbase", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"),
    same("P2PKH, wiki example", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"),
    same("P2SH, BIP-13 style example", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy"),
    same("P2PKH, made", "16WiK668LExHiiMWV2CYTH1Y59j7hLdrDm"),
    same("P2SH, made", "37CjEdaZt9Gfot3wc7s8suNUDg1qGoJ7wf"),
    [
      "P2WPKH upper case, BIP-173 (normalised to lower)",
      "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    ],
    same("P2WPKH, made", "bc1q83mj6hw00kvuyct9mrvgf2xxj9f7huus0ln08t"),
    same("P2WSH, BIP-173", "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3"),
    same("P2TR taproot, BIP-350", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"),
    same(
      "witness v1 with a 20-byte program, made (BIP-350: 2–40 bytes)",
      "bc1p83mj6hw00kvuyct9mrvgf2xxj9f7huus3a5g0z",
    ),
    same("witness v2, BIP-350", "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs"),
    ["witness v16 upper case, BIP-350", "BC1SW50QGDZ25J", "bc1sw50qgdz25j"],
    refused("P2PKH, last character changed", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb"),
    refused("P2PKH, one character short", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN"),
    refused("P2PKH, one character extra", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa1"),
    refused("P2PKH with 0, not in base58", "1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a"),
    refused("Base58Check sound but a 21-byte hash, made", "1RL9LqTdMvb2o7XX8gHwpyfN9KWtKKELrN3"),
    refused("testnet P2PKH", "mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef"),
    refused("testnet P2SH", "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc"),
    refused("Litecoin P2PKH", "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9"),
    refused("Dogecoin P2PKH", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"),
    refused("bech32 checksum broken, BIP-173", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5"),
    refused("testnet segwit, BIP-173", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx"),
    refused("unknown prefix tc, BIP-173", "tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty"),
    refused("regtest prefix bcrt, made", "bcrt1q83mj6hw00kvuyct9mrvgf2xxj9f7huus8s33t3"),
    refused("mixed case bech32", "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"),
    refused(
      "mixed case bech32, BIP-173",
      "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7",
    ),
    refused("witness version 17, BIP-173", "BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2"),
    refused("witness version 17 in bech32m, made", "bc1383mj6hw00kvuyct9mrvgf2xxj9f7huus939uqk"),
    refused("program of 1 byte, BIP-173", "bc1rw5uspcuh"),
    refused(
      "program of 41 bytes, BIP-173",
      "bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90",
    ),
    refused(
      "v1 program of 41 bytes, made",
      "bc1p7fysjkjm6q00z2zfphnqye39geqxd0prdx34qq9dq79kz0duqcgrcaedth8hmxwzvywv5cp8",
    ),
    refused("v0 program of 16 bytes, BIP-173", "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P"),
    refused("v0 program of 21 bytes, made", "bc1q83mj6hw00kvuyct9mrvgf2xxj9f7huusqy3kenhm"),
    refused("padding over 4 bits, BIP-173", "bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du"),
    refused("no data, BIP-173", "bc1gmk9yu"),
    refused(
      "v1 with a bech32 checksum, BIP-350",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
    ),
    refused("v0 with a bech32m checksum, BIP-350", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh"),
    refused(
      "non-zero padding, BIP-350",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf",
    ),
    refused(
      "o, not in the bech32 charset, BIP-350",
      "bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4",
    ),
    refused("v1 program of 1 byte, BIP-350", "bc1pw5dgrnzv"),
    refused("an EVM address", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
  ],
};

const LTC: Family = {
  codes: ["LTC"],
  rows: [
    same("L… P2PKH", "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9"),
    same("L… P2PKH", "Lb6wDP2kHGyWC7vrZuZAgV7V4ECyDdH7a6"),
    same("L… P2PKH, made", "LQjfaJPxQuCLyX3ffABqjJ5JHN6Pq8Q1uz"),
    same("M… P2SH", "MUWheVyCBf3Fm3WNNXvotQ3Gj8NTSZCBVe"),
    same("M… P2SH, made", "MDQsYWzXqG86cPKqhzrUhYcsYNcHDF6Ehk"),
    same("legacy 3… P2SH", "3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt"),
    same("ltc1 P2WPKH", "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea"),
    same("ltc1 P2WSH", "ltc1qhxka8d59lylj76rpsflhagp76nvckggd8x0tt7jtnphpkmfv3snsk6suq0"),
    same("ltc1 taproot, made", "ltc1p7fysjkjm6q00z2zfphnqye39geqxd0prdx34qq9dq79kz0duqcgqnsmfrk"),
    [
      "ltc1 upper case (normalised to lower)",
      "LTC1QG42TKWUUXEFUTZXEZDKDEL39GFSTUAP288MFEA",
      "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea",
    ],
    refused("L… with the last character changed", "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH8"),
    refused("ltc1 mixed case", "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfeA"),
    refused("ltc1 one character short", "ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfe"),
    refused("ltc1 v0 with a bech32m checksum, made", "ltc1q83mj6hw00kvuyct9mrvgf2xxj9f7huus7le86e"),
    refused(
      "ltc1 v1 with a bech32 checksum, made",
      "ltc1p7fysjkjm6q00z2zfphnqye39geqxd0prdx34qq9dq79kz0duqcgqxvt9x5",
    ),
    refused("testnet tltc1, made", "tltc1q83mj6hw00kvuyct9mrvgf2xxj9f7huusu32zv3"),
    refused("Bitcoin P2PKH", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"),
    refused("Bitcoin segwit", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"),
    refused("Dogecoin P2PKH", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"),
  ],
};

const DOGE: Family = {
  codes: ["DOGE"],
  rows: [
    same("D… P2PKH", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"),
    same("D… P2PKH, made", "DAeorM2mderaFiY7DcC713B8xHTR56ZLx3"),
    same("9… P2SH, made", "9wwyyUeTxD9ZiFRR2FXZ82zqvFPsNUihuM"),
    same("A… P2SH, made", "A5mevx33F9EzrL6eg2N41T2Kpvorwm66os"),
    refused("D… with the last character changed", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7M"),
    refused("D… with the first letter lower-cased", "dH5yaieqoZN36fDVciNyRueRGvGLR3mr7L"),
    refused("D… one character short", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7"),
    refused("testnet n…, made", "nZhsaMmgZdKJ8h7JFRqZFSmSC9qi2j37AT"),
    refused(
      "a segwit form Dogecoin does not have, made",
      "doge1q83mj6hw00kvuyct9mrvgf2xxj9f7huusv9uxvw",
    ),
    refused("Bitcoin P2PKH", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"),
    refused("Bitcoin P2SH (version 5 is not Dogecoin's)", "3NJZLcZEEYBpxYEUGewU4knsQRn1WM5Fkt"),
    refused("Litecoin P2PKH", "LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9"),
  ],
};

const CHECKSUMMED = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

const EVM: Family = {
  codes: [
    "ETH",
    "ERC20",
    "BEP20",
    "BSC",
    "POLYGON",
    "MATIC",
    "ARBITRUM",
    "OPTIMISM",
    "BASE",
    "AVAXC",
  ],
  rows: [
    same("EIP-55 vector, mixed case", CHECKSUMMED),
    same("EIP-55 vector, mixed case", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"),
    same("EIP-55 vector, mixed case", "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB"),
    same("EIP-55 vector, mixed case", "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"),
    same("EIP-55 vector, all caps", "0x52908400098527886E0F7030069857D2E4169EE7"),
    same("EIP-55 vector, all caps", "0x8617E340B3D01FA5F11F306F4090FD50E238070D"),
    same("EIP-55 vector, all lower", "0xde709f2102306220921060314715629080e2fb77"),
    same("EIP-55 vector, all lower", "0x27b1fdb04752bbc536007a920d24acb045561c26"),
    same("the zero address", "0x0000000000000000000000000000000000000000"),
    ["no checksum, lower case (normalised to EIP-55)", CHECKSUMMED.toLowerCase(), CHECKSUMMED],
    [
      "no checksum, upper case (normalised to EIP-55)",
      `0x${CHECKSUMMED.slice(2).toUpperCase()}`,
      CHECKSUMMED,
    ],
    refused(
      "wrong checksum: the last letter's case flipped",
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
    ),
    refused(
      "wrong checksum: the first letter's case flipped",
      "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    ),
    refused("wrong checksum: a digit changed", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe0"),
    refused("no 0x", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
    refused("0X prefix", "0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"),
    refused("39 hex digits", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe"),
    refused("41 hex digits", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0"),
    refused("g, not hex", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg"),
    refused("a transaction hash", `0x${"ab".repeat(32)}`),
    refused("a TRON address", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
  ],
};

const TRON: Family = {
  codes: ["TRX", "TRON", "TRC20"],
  rows: [
    same("USDT TRC20 contract", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
    same("an account", "TNDzfERDpxLDS2w1q6yaFC7pzqaSQ3Bg3r"),
    same("an account, made", "TFUvK9TrUy5EstR95HrFyRhfywURtBqx7X"),
    refused("last character's case changed", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T"),
    refused("a middle character changed", "TR7NHqjeKQxGTCi8q8ZY4pM8otSzgjLj6t"),
    refused("first letter lower-cased", "tR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"),
    refused("one character short", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6"),
    refused("0, not in base58", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t"),
    refused("sound Base58Check, version 0x42 not 0x41, made", "TepXJFm9C9Y7hKZE6iBaTYyTcSjNdHSG8L"),
    refused("the hex form", "41a614f803b6fd780986a42c78ec9c7f77e6ded13c"),
    refused("a Bitcoin address", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"),
    refused("an EVM address", CHECKSUMMED),
  ],
};

const SOL: Family = {
  codes: ["SOL", "SPL"],
  rows: [
    same("wrapped SOL mint", "So11111111111111111111111111111111111111112"),
    same("SPL token program", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"),
    same("system program (32 zero bytes)", "11111111111111111111111111111111"),
    same("USDC mint", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
    same("USDT mint", "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB"),
    same("a key, made", "9rmdXFfSLYY1ThsuHgzkPfDYjoEpRCBfCZfxu7AWiQUa"),
    same(
      "a typo still 32 bytes passes: the format has no checksum",
      "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1w",
    ),
    refused("31 characters", "1111111111111111111111111111111"),
    refused("31 bytes, made", "8zUFfLHADcabAoM9YFZYEosLosi2GDmsDuzfcSEkxG"),
    refused("33 bytes in 45 characters, made", "3gg7zkoxVU7JxPZJKyGXwMsAZSsgimSpEP8aqGiFJNa7r"),
    refused("44 characters but 33 bytes", "z".repeat(44)),
    refused("O, not in base58", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1O"),
    refused("a space inside", "EPjFWdd5AufqSSqeM2qN1xzyb apC8G4wEGGkZwyTDt1v"),
    refused("an EVM address", CHECKSUMMED),
  ],
};

const TON_RAW = "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e";
const TON_MASTER_RAW = "-1:e56754f83426f69b09267bd876ac97c44821345b7e266bd956a7bfbfb98df35c";

const TON: Family = {
  codes: ["TON"],
  rows: [
    same("bounceable, url-safe (docs example)", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF"),
    same("the same, non-bounceable, made", "UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA"),
    same("the same, standard base64", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff+W72r5gqPrHF"),
    same(
      "masterchain bounceable, TEP-2 root DNS",
      "Ef_lZ1T4NCb2mwkme9h2rJfESCE0W34ma9lWp7-_uY3zXDvq",
    ),
    same("masterchain non-bounceable, TEP-2", "Uf_lZ1T4NCb2mwkme9h2rJfESCE0W34ma9lWp7-_uY3zXGYv"),
    same(
      "masterchain non-bounceable, standard base64",
      "Uf/lZ1T4NCb2mwkme9h2rJfESCE0W34ma9lWp7+/uY3zXGYv",
    ),
    same("raw basechain", TON_RAW),
    ["raw basechain, upper-case hex (normalised)", TON_RAW.toUpperCase(), TON_RAW],
    ["raw masterchain, upper-case hex (normalised)", TON_MASTER_RAW.toUpperCase(), TON_MASTER_RAW],
    refused("testnet bounceable, made", "kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP"),
    refused("testnet non-bounceable, made", "0QDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPleK"),
    refused("CRC off by one, made", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHG"),
    refused("last character's case changed", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHf"),
    refused(
      "workchain 1 with a sound CRC, made",
      "EQHKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPjwZ",
    ),
    refused("both base64 alphabets mixed", "Ef_lZ1T4NCb2mwkme9h2rJfESCE0W34ma9lWp7+/uY3zXDvq"),
    refused("47 characters", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrH"),
    refused("padding character", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPr=="),
    refused("raw workchain 1", `1:${TON_RAW.slice(2)}`),
    refused("raw with 63 hex digits", TON_RAW.slice(0, -1)),
    refused("raw with 0x", `0:0x${TON_RAW.slice(2, -2)}`),
    refused("an EVM address", CHECKSUMMED),
  ],
};

const FAMILIES = { BTC, LTC, DOGE, EVM, TRON, SOL, TON };

const answer = (network: string | null, address: string) => {
  const result = validateOrderField({ type: "crypto_address", network, value: address });
  if (result.ok) return result.normalized;
  expect(result).toEqual({ ok: false, reason: "invalid_address" });
  return null;
};

describe.each(Object.entries(FAMILIES))("%s addresses", (_name, family) => {
  const cases = family.codes.flatMap((code) => family.rows.map((row) => [code, ...row] as const));
  it.each(cases)("%s: %s — %s", (code, _why, address, expected) => {
    expect(answer(code, address)).toBe(expected);
  });
});

describe("address networks", () => {
  it("the table covers every network with real rules", () => {
    const covered = Object.values(FAMILIES).flatMap((family) => family.codes);
    expect([...covered].sort()).toEqual([...KNOWN_ADDRESS_NETWORKS].sort());
  });

  it("network codes are matched case-insensitively", () => {
    expect(answer("eth", CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED);
    expect(answer("Trc20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    );
    expect(answer("btc", "BC1SW50QGDZ25J")).toBe("bc1sw50qgdz25j");
  });

  it.each([
    ["XRP", "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh", "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh"],
    [
      null,
      "addr1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
      "addr1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
    ],
    ["XRP", "short", null],
    ["XRP", "has space inside it", null],
    ["XRP", "адрес-кириллицей-1234", null],
  ])("unknown network %s: generic check of %j", (network, address, expected) => {
    expect(answer(network, address)).toBe(expected);
  });
});
