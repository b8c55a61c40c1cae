import { describe, expect, it } from "vitest";
import { claimReload, isAssetLoadError, RELOAD_GUARD_MS } from "./reload-guard.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe("page reload guard (spec §9: 10 seconds)", () => {
  it("reloads once, then not again within 10 seconds", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 1_000_000)).toBe(true);
    expect(claimReload(storage, 1_000_001)).toBe(false);
    expect(claimReload(storage, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
  });

  it("reloads again once 10 seconds have passed", () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 1_000_000)).toBe(true);
    expect(claimReload(storage, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(claimReload(storage, 1_000_000 + RELOAD_GUARD_MS + 5)).toBe(false);
  });

  it("does not trust a timestamp from the future or garbage", () => {
    const storage = memoryStorage();
    storage.setItem("obmen:reload-guard", String(9_999_999_999_999));
    expect(claimReload(storage, 1_000_000)).toBe(true);
    storage.setItem("obmen:reload-guard", "nonsense");
    expect(claimReload(storage, 2_000_000)).toBe(true);
  });

  it("never reloads without working storage: that could loop", () => {
    expect(claimReload(null, 1)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
    };
    expect(claimReload(throwing, 1)).toBe(false);
  });

  it("recognises a failed script import, and nothing else", () => {
    expect(
      isAssetLoadError(new TypeError("Failed to fetch dynamically imported module: /a.js")),
    ).toBe(true);
    expect(isAssetLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isAssetLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isAssetLoadError(new TypeError("x is undefined"))).toBe(false);
    expect(isAssetLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});
