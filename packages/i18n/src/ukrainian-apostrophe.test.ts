import { describe, expect, it } from "vitest";
import { catalogs } from "./catalogs.server.ts";

/**
 * Ukrainian writes one apostrophe, ’ (U+2019: "обов’язкове", "ім’я"), never the typewriter '
 * or the modifier letter ʼ; mixing them reads as careless. The seed's texts have the same test
 * (packages/db/test/ukrainian-texts.test.ts).
 */
const WRONG_APOSTROPHE = /['ʼ]/;

function texts(value: unknown, path = ""): { path: string; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    texts(child, path ? `${path}.${key}` : key),
  );
}

describe("the Ukrainian catalog", () => {
  it("uses ’ as its only apostrophe", () => {
    const all = texts(catalogs.uk);
    expect(all.length).toBeGreaterThan(100);
    const wrong = all.filter(({ text }) => WRONG_APOSTROPHE.test(text));
    expect(wrong).toEqual([]);
  });
});
