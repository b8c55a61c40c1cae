import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeTelegramHandle } from "../src/index.ts";

describe("normalizeTelegramHandle", () => {
  it("reads a handle as people give it and writes it as @handle, case kept", () => {
    for (const [given, expected] of [
      ["@Obmen_Support", "@Obmen_Support"],
      ["obmen_support", "@obmen_support"],
      ["  @obmen1 ", "@obmen1"],
      ["t.me/obmen_support", "@obmen_support"],
      ["https://t.me/obmen_support", "@obmen_support"],
      ["http://telegram.me/obmen_support", "@obmen_support"],
      [`@a${"b".repeat(31)}`, `@a${"b".repeat(31)}`],
    ] as const) {
      expect(normalizeTelegramHandle(given), given).toBe(expected);
    }
  });

  it("refuses what Telegram would not accept as a username", () => {
    for (const bad of [
      "",
      "@",
      "@abcd",
      `@a${"b".repeat(32)}`,
      "@1obmen",
      "@_obmen",
      "@obmen_",
      "@obmen support",
      "@обмен_сервис",
      "@@obmen",
      "https://example.com/obmen",
      "+79001234567",
    ]) {
      expect(normalizeTelegramHandle(bad), bad).toBeNull();
    }
  });

  it("gives a handle that reads back as itself", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const handle = normalizeTelegramHandle(text);
        if (handle !== null) expect(normalizeTelegramHandle(handle)).toBe(handle);
      }),
    );
  });
});
