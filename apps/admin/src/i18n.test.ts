import { describe, expect, it } from "vitest";
import { initialLocale } from "./i18n.tsx";

describe("initialLocale", () => {
  it("keeps a saved console language and starts in Russian otherwise", () => {
    expect(initialLocale("uk")).toBe("uk");
    expect(initialLocale("en")).toBe("en");
    expect(initialLocale(null)).toBe("ru");
    expect(initialLocale("de")).toBe("ru");
  });
});
