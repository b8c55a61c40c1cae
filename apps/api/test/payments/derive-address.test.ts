import { pbkdf2Sync } from "node:crypto";
import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import {
  deriveAddress,
  firstAddresses,
  InvalidExtendedKeyError,
  parseExtendedKey,
} from "../../src/payments/derive-address.ts";

/** The mnemonic of BIP 84's (and BIP 49's, BIP 44's wallets') published test vectors. */
const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
// BIP 39: the seed is PBKDF2-HMAC-SHA512(mnemonic, "mnemonic" + passphrase, 2048).
const SEED = pbkdf2Sync(MNEMONIC, "mnemonic", 2048, 64, "sha512");

/** BIP 84's account 0 (m/84'/0'/0') and its addresses, as the BIP lists them. */
const BIP84_ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";

describe("addresses derived from an extended public key", () => {
  it("BIP 39 seed of the vectors' mnemonic", () => {
    expect(SEED.toString("hex")).toBe(
      "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4",
    );
  });

  it("BIP 84: the zpub of m/84'/0'/0' and its first receive and change addresses", () => {
    const account = HDKey.fromMasterSeed(SEED, { public: 0x04b24746, private: 0x04b2430c }).derive(
      "m/84'/0'/0'",
    );
    expect(account.publicExtendedKey).toBe(BIP84_ZPUB);
    expect(firstAddresses({ xpub: BIP84_ZPUB, count: 2 })).toEqual([
      "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
      "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
    ]);
    const parsed = parseExtendedKey({ xpub: BIP84_ZPUB });
    expect(deriveAddress({ parsed, index: 0, chain: 1 })).toBe(
      "bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el",
    );
  });

  it("BIP 49 ypub and BIP 44 xpub of the same mnemonic give their BIPs' first addresses", () => {
    const ypub =
      "ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP";
    expect(
      HDKey.fromMasterSeed(SEED, { public: 0x049d7cb2, private: 0x049d7878 }).derive("m/49'/0'/0'")
        .publicExtendedKey,
    ).toBe(ypub);
    expect(firstAddresses({ xpub: ypub, count: 1 })).toEqual([
      "37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf",
    ]);
    const xpub = HDKey.fromMasterSeed(SEED).derive("m/44'/0'/0'").publicExtendedKey;
    expect(firstAddresses({ xpub, count: 1 })).toEqual(["1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA"]);
  });

  it("BIP 32 vector 1: public derivation of m/0H/1 from m/0H's xpub", () => {
    const parentXpub =
      "xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw";
    const master = HDKey.fromMasterSeed(Buffer.from("000102030405060708090a0b0c0d0e0f", "hex"));
    expect(master.derive("m/0'").publicExtendedKey).toBe(parentXpub);
    const { key } = parseExtendedKey({ xpub: parentXpub });
    expect(key.deriveChild(1).publicExtendedKey).toBe(
      "xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ",
    );
  });

  it("refuses a private key, a damaged checksum and a key of the wrong prefix", () => {
    const xprv = HDKey.fromMasterSeed(SEED).derive("m/44'/0'/0'").privateExtendedKey;
    expect(() => parseExtendedKey({ xpub: xprv })).toThrow(InvalidExtendedKeyError);
    const damaged = `${BIP84_ZPUB.slice(0, -1)}${BIP84_ZPUB.endsWith("s") ? "t" : "s"}`;
    expect(() => parseExtendedKey({ xpub: damaged })).toThrow(InvalidExtendedKeyError);
    // A zpub's payload under an xpub's name: the version bytes do not match the prefix.
    expect(() => parseExtendedKey({ xpub: `xpub${BIP84_ZPUB.slice(4)}` })).toThrow(
      InvalidExtendedKeyError,
    );
    expect(() => parseExtendedKey({ xpub: "hello" })).toThrow(InvalidExtendedKeyError);
  });
});
