import { describe, expect, it } from "vitest";
import { catalogs } from "./catalogs.server.ts";
import { createI18n } from "./create-i18n.ts";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

// Plural suffixes differ by language (CLDR), so compare keys without them.
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

describe("catalogs", () => {
  it("have the same keys in every language", () => {
    const english = new Set(keys(catalogs.en).map(base));
    for (const locale of ["ru", "uk"] as const) {
      expect(new Set(keys(catalogs[locale]).map(base))).toEqual(english);
    }
  });

  it("have no empty texts", () => {
    for (const catalog of Object.values(catalogs)) {
      for (const key of keys(catalog)) {
        const text = key.split(".").reduce<unknown>((node, part) => (node as never)[part], catalog);
        expect(text, key).not.toBe("");
      }
    }
  });

  it("use all four Slavic plural forms in Russian and Ukrainian", () => {
    const ru = createI18n("ru", catalogs.ru);
    expect([1, 3, 5, 21, 1.5].map((count) => ru.t("Home.PairsCount", { count }))).toEqual([
      "1 направление",
      "3 направления",
      "5 направлений",
      "21 направление",
      "1.5 направления",
    ]);
    const uk = createI18n("uk", catalogs.uk);
    expect([1, 2, 11, 1.5].map((count) => uk.t("Home.PairsCount", { count }))).toEqual([
      "1 напрямок",
      "2 напрямки",
      "11 напрямків",
      "1.5 напрямку",
    ]);
  });

  it("keep instances for different languages apart", () => {
    const ru = createI18n("ru", catalogs.ru);
    const en = createI18n("en", catalogs.en);
    expect(ru.t("ErrorPage.Title")).toBe("Страница не найдена");
    expect(en.t("ErrorPage.Title")).toBe("Page not found");
    expect(ru.t("ErrorPage.Title")).toBe("Страница не найдена");
  });
});
