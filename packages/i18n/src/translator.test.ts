import { describe, expect, it } from "vitest";
import type { Messages } from "./messages.ts";
import { createTranslator } from "./translator.ts";

const messages = {
  A: { Hello: "Привет, {{name}}!", Files_one: "{{count}} файл", Files_few: "{{count}} файла" },
  B: { Files_many: "{{count}} файлов", Files_other: "{{count}} файла" },
} as unknown as Messages;
const t = createTranslator("ru", messages) as (key: string, values?: object) => string;

describe("createTranslator", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(t("A.Hello", { name: "Анна" })).toBe("Привет, Анна!");
    expect(t("A.Hello")).toBe("Привет, {{name}}!");
  });

  it("picks the CLDR plural form and falls back to _other", () => {
    expect(t("A.Files", { count: 1 })).toBe("1 файл");
    expect(t("A.Files", { count: 3 })).toBe("3 файла");
    expect(t("B.Files", { count: 5 })).toBe("5 файлов");
    // `_one` is missing under B: the `_other` form is used.
    expect(t("B.Files", { count: 21 })).toBe("21 файла");
  });

  it("returns the key itself when it is missing", () => {
    expect(t("A.Nope")).toBe("A.Nope");
    expect(t("A")).toBe("A");
  });
});
