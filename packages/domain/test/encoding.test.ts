import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { base58 } from "@scure/base";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base58check, decodeOrNull } from "../src/encoding/codecs.ts";
import { crc16Xmodem } from "../src/encoding/crc16.ts";
import { decodeSegwitAddress } from "../src/fields/segwit-address.ts";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

describe("crc16 xmodem", () => {
  it.each([
    ["123456789", 0x31c3], // the CRC catalogue's check value
    ["", 0x0000],
    ["A", 0x58e5],
  ])("crc16(%j) = %i", (input, crc) => {
    expect(crc16Xmodem(new TextEncoder().encode(input))).toBe(crc);
  });
});

describe("base58check", () => {
  it("decodes the genesis coinbase address to version 0 and its public key hash", () => {
    const payload = decodeOrNull(base58check, "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa");
    expect(hex(payload!)).toBe("0062e907b15cbf27d5425399ebf6f0fb50ebb88f18");
  });

  it("appends the first 4 bytes of double SHA-256 (node:crypto as the oracle)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), (payload) => {
        const once = createHash("sha256").update(payload).digest();
        const twice = createHash("sha256").update(once).digest();
        const written = base58.decode(base58check.encode(payload));
        expect(hex(written)).toBe(hex(payload) + twice.subarray(0, 4).toString("hex"));
      }),
    );
  });

  it("round-trips and rejects any single changed character", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 32 }),
        fc.nat(),
        fc.nat(),
        (payload, position, replacement) => {
          const encoded = base58check.encode(payload);
          expect(hex(decodeOrNull(base58check, encoded)!)).toBe(hex(payload));
          const at = position % encoded.length;
          const swapped = BASE58_ALPHABET[replacement % BASE58_ALPHABET.length]!;
          if (swapped === encoded[at]) return;
          const mutated = encoded.slice(0, at) + swapped + encoded.slice(at + 1);
          expect(decodeOrNull(base58check, mutated)).toBeNull();
        },
      ),
    );
  });

  it.each(["0", "O", "I", "l", " ", "+"])("gives null, not a throw, for %j", (bad) => {
    expect(decodeOrNull(base58check, `1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf${bad}a`)).toBeNull();
    expect(decodeOrNull(base58, `abc${bad}`)).toBeNull();
  });

  it("gives null for text too short to hold a checksum", () => {
    expect(decodeOrNull(base58check, "")).toBeNull();
    expect(decodeOrNull(base58check, "1111")).toBeNull();
  });
});

describe("segwit addresses (BIP-173 / BIP-350 vectors)", () => {
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
  ])("decodes %s", (address, hrp, version, program) => {
    const decoded = decodeSegwitAddress(hrp, address);
    expect(decoded?.version).toBe(version);
    expect(hex(decoded!.program)).toBe(program);
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
  ])("refuses %s", (address, hrp) => {
    expect(decodeSegwitAddress(hrp, address)).toBeNull();
  });

  it("refuses a valid address of another chain's prefix", () => {
    expect(decodeSegwitAddress("ltc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBeNull();
  });
});

// The server-only entry `@obmen/domain/passwords`: its large list of common passwords
// must never reach a browser bundle, so no other module of the package may import it.
const SERVER_ONLY_ENTRY = "account/common-passwords.ts";

it("the package source imports only itself, big.js and the audited codecs (browser-safe)", () => {
  const source = new URL("../src/", import.meta.url);
  const files = readdirSync(source, { recursive: true, encoding: "utf8" });
  const browserFiles = files.filter((file) => file.endsWith(".ts") && file !== SERVER_ONLY_ENTRY);
  for (const file of browserFiles) {
    expect(readFileSync(new URL(file, source), "utf8"), file).not.toMatch(
      /from "[^"]*common-passwords/,
    );
  }
  const imports = browserFiles.flatMap((file) =>
    [...readFileSync(new URL(file, source), "utf8").matchAll(/from "([^"]+)"/g)].map(
      (match) => match[1]!,
    ),
  );
  expect(imports.length).toBeGreaterThan(10);
  const allowed = /^(big\.js|@scure\/base|@noble\/hashes\/(sha2|sha3|utils)\.js)$/;
  expect(
    imports.filter((specifier) => !specifier.startsWith(".") && !allowed.test(specifier)),
  ).toEqual([]);
});
