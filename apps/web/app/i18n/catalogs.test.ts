import { describe, expect, it } from "vitest";
import { catalogs } from "./catalogs.server.ts";
import { LOCALES } from "./locale.ts";
import { createTranslator } from "./translator.ts";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

function textAt(catalog: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as never)?.[part], catalog);
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
// Plural suffixes differ by language (CLDR), so compare keys without them.
const base = (key: string) => key.replace(PLURAL, "");
const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("catalogs", () => {
  it("have the same keys in every language", () => {
    const english = [...new Set(keys(catalogs.en).map(base))].sort();
    for (const locale of ["ru", "uk"] as const) {
      expect([...new Set(keys(catalogs[locale]).map(base))].sort(), locale).toEqual(english);
    }
  });

  it("have every plural form each language needs (CLDR), and no others", () => {
    for (const locale of LOCALES) {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const pluralKeys = new Set(
        keys(catalogs[locale])
          .filter((key) => PLURAL.test(key))
          .map(base),
      );
      for (const key of pluralKeys) {
        const forms = needed.map((form) => `${key}_${form}`);
        for (const form of forms) expect(textAt(catalogs[locale], form), form).toBeTypeOf("string");
        const present = keys(catalogs[locale]).filter((k) => base(k) === key && PLURAL.test(k));
        expect(present.sort(), `${locale} ${key}`).toEqual(forms.sort());
      }
    }
  });

  it("use the same placeholders in every language", () => {
    for (const key of keys(catalogs.en)) {
      const english = placeholders(textAt(catalogs.en, key));
      for (const locale of ["ru", "uk"] as const) {
        const forms = keys(catalogs[locale]).filter((k) => base(k) === base(key));
        for (const form of forms) {
          expect(placeholders(textAt(catalogs[locale], form)), `${locale} ${form}`).toEqual(
            english,
          );
        }
      }
    }
  });

  it("have no empty texts", () => {
    for (const catalog of Object.values(catalogs)) {
      for (const key of keys(catalog)) expect(textAt(catalog, key), key).not.toBe("");
    }
  });

  it("use all four Slavic plural forms in Russian and Ukrainian", () => {
    const ru = createTranslator("ru", catalogs.ru);
    expect([1, 3, 5, 21, 1.5].map((count) => ru("Home.PairsCount", { count }))).toEqual([
      "1 направление",
      "3 направления",
      "5 направлений",
      "21 направление",
      "1.5 направления",
    ]);
    const uk = createTranslator("uk", catalogs.uk);
    expect([1, 2, 11, 1.5].map((count) => uk("Home.PairsCount", { count }))).toEqual([
      "1 напрямок",
      "2 напрямки",
      "11 напрямків",
      "1.5 напрямку",
    ]);
  });

  it("keep translators for different languages apart", () => {
    const ru = createTranslator("ru", catalogs.ru);
    const en = createTranslator("en", catalogs.en);
    expect(ru("ErrorPage.Title")).toBe("Страница не найдена");
    expect(en("ErrorPage.Title")).toBe("Page not found");
    expect(ru("ErrorPage.Title")).toBe("Страница не найдена");
  });
});
