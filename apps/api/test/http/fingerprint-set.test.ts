import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FingerprintSet } from "../../src/http/fingerprint-set.ts";
import { createMemoryReplayGuard } from "../../src/http/replay-guard.ts";

const signature = (i: number) => createHash("sha256").update(`request ${i}`).digest("hex");

describe("FingerprintSet: signatures remembered compactly", () => {
  it("remembers every signature through many growths and knows no others", () => {
    const set = new FingerprintSet();
    for (let i = 0; i < 50_000; i++) expect(set.add(signature(i))).toBe(true);
    expect(set.size).toBe(50_000);
    for (let i = 0; i < 50_000; i++) expect(set.has(signature(i))).toBe(true);
    for (let i = 50_000; i < 60_000; i++) expect(set.has(signature(i))).toBe(false);
    expect(set.add(signature(123))).toBe(false);
    expect(set.size).toBe(50_000);
  });

  it("takes values that are not hex hashes too, including one whose prefix is all zeros", () => {
    const set = new FingerprintSet();
    const zeros = "0".repeat(64);
    expect(set.add(zeros)).toBe(true);
    expect(set.add(zeros)).toBe(false);
    expect(set.add("not a hash")).toBe(true);
    expect(set.has("not a hash")).toBe(true);
    expect(set.has("not a hash either")).toBe(false);
  });
});

describe("the in-memory replay guard", () => {
  it("refuses a signature for at least two windows after it was seen, then forgets it", async () => {
    let now = 1_000_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const guard = createMemoryReplayGuard(1_000);
      expect(await guard.remember(signature(1), now)).toBe(true);
      expect(await guard.remember(signature(1), now)).toBe(false);
      now += 1_000;
      expect(await guard.remember(signature(1), now)).toBe(false);
      expect(await guard.remember(signature(2), now)).toBe(true);
      now += 999;
      expect(await guard.remember(signature(1), now)).toBe(false);
      now += 2_001;
      expect(await guard.remember(signature(1), now)).toBe(true);
      expect(await guard.remember(signature(2), now)).toBe(true);
    } finally {
      Date.now = realNow;
    }
  });
});
