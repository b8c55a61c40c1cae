import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeBase58,
  decodeBase58Check,
  encodeBase58,
  encodeBase58Check,
} from "../src/encoding/base58.ts";
import { decodeBase64 } from "../src/encoding/base64.ts";
import { decodeBech32, decodeSegwitAddress } from "../src/encoding/bech32.ts";
import { crc16Xmodem } from "../src/encoding/crc16.ts";
import { asciiBytes, bytesToHex } from "../src/encoding/hex.ts";
import { keccak256, keccakSponge256 } from "../src/encoding/keccak256.ts";
import { sha256 } from "../src/encoding/sha256.ts";

const text = (value: string) => new TextEncoder().encode(value);

describe("sha256 (FIPS 180-4 vectors)", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
  ])("sha256(%j)", (input, digest) => {
    expect(bytesToHex(sha256(text(input)))).toBe(digest);
  });

  it("hashes a million 'a's (multi-block, length encoding)", () => {
    expect(bytesToHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    );
  });

  it("agrees with node:crypto on random input (test-only oracle)", async () => {
    const { createHash } = await import("node:crypto");
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(bytesToHex(sha256(bytes))).toBe(createHash("sha256").update(bytes).digest("hex"));
      }),
    );
  });
});

describe("keccak256", () => {
  it.each([
    ["", "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"],
    ["abc", "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"],
    // The ERC-20 Transfer event topic: keccak256 of its signature.
    [
      "Transfer(address,address,uint256)",
      "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
    ],
  ])("keccak256(%j)", (input, digest) => {
    expect(bytesToHex(keccak256(text(input)))).toBe(digest);
  });

  // SHA3-256 shares the permutation; these digests come from Python's hashlib and cover
  // the block boundary (rate = 136 bytes) where padding bugs live.
  it.each([
    [0, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"],
    [3, "80fb34a2c6bc537d2d044c013042b3b36239aaf3cfd381d62a9ab8e8753876d0"],
    [135, "8094bb53c44cfb1e67b7c30447f9a1c33696d2463ecc1d9c92538913392843c9"],
    [136, "3fc5559f14db8e453a0a3091edbd2bc25e11528d81c66fa570a4efdcc2695ee1"],
    [137, "f8d6846cedd2ccfadf15c5879ef95af724d799eed7391fb1c91f95344e738614"],
    [300, "8a5720b2ca0cae7b89ad399c5daab22c29f5c72bcf30ab81e807d9bda95b4580"],
  ])("the sponge gives SHA3-256 of %i 'a's with suffix 0x06", (length, digest) => {
    const message = new Uint8Array(length).fill(0x61);
    expect(bytesToHex(keccakSponge256(message, 0x06))).toBe(digest);
  });

  it("agrees with node:crypto sha3-256 on random input (test-only oracle)", async () => {
    const { createHash } = await import("node:crypto");
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expect(bytesToHex(keccakSponge256(bytes, 0x06))).toBe(
          createHash("sha3-256").update(bytes).digest("hex"),
        );
      }),
    );
  });
});

describe("crc16 xmodem", () => {
  it("matches the catalogue check value for '123456789'", () => {
    expect(crc16Xmodem(asciiBytes("123456789"))).toBe(0x31c3);
  });
});

describe("base58", () => {
  it("round-trips random bytes including leading zeros", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const encoded = encodeBase58(bytes);
        if (bytes.length === 0) return;
        expect(Array.from(decodeBase58(encoded)!)).toEqual(Array.from(bytes));
      }),
    );
  });

  it("round-trips base58check and rejects any single changed character", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 32 }),
        fc.nat(),
        fc.nat(),
        (payload, position, replacement) => {
          const encoded = encodeBase58Check(payload);
          expect(Array.from(decodeBase58Check(encoded)!)).toEqual(Array.from(payload));
          const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
          const at = position % encoded.length;
          const swapped = alphabet[replacement % alphabet.length]!;
          if (swapped === encoded[at]) return;
          const mutated = encoded.slice(0, at) + swapped + encoded.slice(at + 1);
          expect(decodeBase58Check(mutated)).toBeNull();
        },
      ),
    );
  });

  it.each(["0", "O", "I", "l", " ", "+"])("rejects %j, which is not in the alphabet", (bad) => {
    expect(decodeBase58(`abc${bad}`)).toBeNull();
  });
});

describe("bech32 / bech32m (BIP-350 vectors)", () => {
  it.each([
    "A1LQFN3A",
    "a1lqfn3a",
    "an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
    "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
    "11llllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllllludsr8",
    "split1checkupstagehandshakeupstreamerranterredcaperredlc445v",
    "?1v759aa",
  ])("valid bech32m %s", (value) => {
    expect(decodeBech32(value)?.variant).toBe("bech32m");
  });

  it.each([
    "\x201xj0phk",
    "\x7f1g6xzxy",
    "\x801vctc34",
    "an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4",
    "qyrz8wqd2c9m",
    "1qyrz8wqd2c9m",
    "y1b0jsk6g",
    "lt1igcx5c0",
    "in1muywd",
    "mm1crxm3i",
    "au1s5cgom",
    "M1VUXWEZ",
    "16plkw9",
    "1p2gdwpf",
  ])("invalid bech32m %j", (value) => {
    expect(decodeBech32(value)).toBeNull();
  });

  it.each([
    [
      "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
      "bc",
      0,
      "751e76e8199196d454941c45d1b3a323f1433bd6",
    ],
    ["BC1SW50QGDZ25J", "bc", 16, "751e"],
    ["bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "bc", 2, "751e76e8199196d454941c45d1b3a323"],
    [
      "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
      "tb",
      1,
      "000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433",
    ],
  ])("decodes segwit %s", (address, hrp, version, program) => {
    const decoded = decodeSegwitAddress(hrp, address);
    expect(decoded?.version).toBe(version);
    expect(bytesToHex(decoded!.program)).toBe(program);
  });

  it.each([
    ["tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "tb"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "bc"],
    ["tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", "tb"],
    ["BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "bc"],
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "bc"],
    ["tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", "tb"],
    ["bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "bc"],
    ["BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "bc"],
    ["bc1pw5dgrnzv", "bc"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", "bc"],
    ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "bc"],
    ["tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", "tb"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", "bc"],
    ["tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", "tb"],
    ["bc1gmk9yu", "bc"],
  ])("rejects invalid segwit %s", (address, hrp) => {
    expect(decodeSegwitAddress(hrp, address)).toBeNull();
  });
});

describe("base64", () => {
  it("decodes both alphabets and refuses a mix", () => {
    expect(bytesToHex(decodeBase64("-_-_")!)).toBe("fbffbf");
    expect(bytesToHex(decodeBase64("+/+/")!)).toBe("fbffbf");
    expect(decodeBase64("+_-/")).toBeNull();
    expect(decodeBase64("abc")).toBeNull();
    expect(decodeBase64("ab=c")).toBeNull();
  });
});

it("the package source imports nothing but itself and big.js (pure, browser-safe)", () => {
  const source = new URL("../src/", import.meta.url);
  const files = readdirSync(source, { recursive: true, encoding: "utf8" });
  const imports = files
    .filter((file) => file.endsWith(".ts"))
    .flatMap((file) =>
      [...readFileSync(new URL(file, source), "utf8").matchAll(/from "([^"]+)"/g)].map(
        (match) => match[1]!,
      ),
    );
  expect(imports.length).toBeGreaterThan(10);
  expect(
    imports.filter((specifier) => !specifier.startsWith(".") && specifier !== "big.js"),
  ).toEqual([]);
});
