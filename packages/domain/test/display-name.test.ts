import { describe, expect, it } from "vitest";
import { displayNameProblem } from "../src/index.ts";

describe("displayNameProblem", () => {
  it("refuses every bidi control, wherever it sits", () => {
    const controls = [
      ...Array.from({ length: 5 }, (_, i) => 0x202a + i),
      ...Array.from({ length: 4 }, (_, i) => 0x2066 + i),
      0x200e,
      0x200f,
      0x061c,
    ];
    for (const code of controls) {
      const control = String.fromCodePoint(code);
      for (const text of [`${control}Binance`, `My ${control}wallet`, `Card${control}`]) {
        expect(displayNameProblem(text), code.toString(16)).toBe("bidi_control");
      }
    }
  });

  it("refuses text that shows nothing", () => {
    for (const text of [
      "\u200b\u200b\u200b",
      "\u200c\u200d",
      " \u2060 ",
      "\ufeff",
      "\u3164",
      "\u2800\u2800",
      "\u00ad",
      "\ufe0f",
    ]) {
      expect(displayNameProblem(text), JSON.stringify(text)).toBe("invisible");
    }
  });

  it("accepts names people write, joiners inside visible text included", () => {
    for (const text of [
      "Основная ссылка",
      "Мар'яна",
      "Telegram 👨‍👩‍👧",
      "می‌خواهم",
      "שלום",
      "Sber\u200bbank",
      "",
    ]) {
      expect(displayNameProblem(text), JSON.stringify(text)).toBeNull();
    }
  });
});
