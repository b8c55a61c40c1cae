import { describe, expect, it } from "vitest";
import { catalogs, translatorFor, webCatalog } from "./catalogs.server.ts";
import { SERVER_SECTIONS } from "./messages.ts";
import { createTranslator } from "./translator.ts";

const LOCALES = Object.keys(catalogs) as (keyof typeof catalogs)[];
const OTHERS = LOCALES.filter((locale) => locale !== "en");

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
const pluralBases = (catalog: unknown) =>
  new Set(
    keys(catalog)
      .filter((key) => PLURAL.test(key))
      .map(base),
  );

describe("catalogs", () => {
  it("are ru, en and uk", () => {
    expect(LOCALES.sort()).toEqual(["en", "ru", "uk"]);
  });

  it("have the same keys in every language", () => {
    const english = [...new Set(keys(catalogs.en).map(base))].sort();
    for (const locale of OTHERS) {
      expect([...new Set(keys(catalogs[locale]).map(base))].sort(), locale).toEqual(english);
    }
  });

  it("make the same keys plural in every language", () => {
    const english = [...pluralBases(catalogs.en)].sort();
    for (const locale of OTHERS) {
      expect([...pluralBases(catalogs[locale])].sort(), locale).toEqual(english);
    }
  });

  it("have every plural form each language needs (CLDR), and no others", () => {
    for (const locale of LOCALES) {
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const all = keys(catalogs[locale]);
      for (const key of pluralBases(catalogs[locale])) {
        const forms = needed.map((form) => `${key}_${form}`).sort();
        const present = all.filter((k) => base(k) === key && PLURAL.test(k)).sort();
        expect(present, `${locale} ${key}`).toEqual(forms);
        // A plain key next to its plural forms would shadow them in the translator.
        expect(all, `${locale} ${key}`).not.toContain(key);
      }
    }
  });

  it("use the same placeholders as English in every language and form", () => {
    for (const key of keys(catalogs.en)) {
      const english = placeholders(textAt(catalogs.en, key));
      for (const locale of OTHERS) {
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
      for (const key of keys(catalog)) {
        expect(textAt(catalog, key), key).toBeTypeOf("string");
        expect(textAt(catalog, key), key).not.toBe("");
      }
    }
  });

  it("use all four Slavic plural forms in Russian and Ukrainian", () => {
    const ru = translatorFor("ru");
    expect([1, 3, 5, 21, 1.5].map((count) => ru("Home.PairsCount", { count }))).toEqual([
      "1 направление",
      "3 направления",
      "5 направлений",
      "21 направление",
      "1.5 направления",
    ]);
    const uk = translatorFor("uk");
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
    expect(en("Errors.NOT_FOUND")).toBe("Not found.");
    expect(ru("ErrorPage.Title")).toBe("Страница не найдена");
  });
});

describe("webCatalog", () => {
  it("leaves out exactly the server's sections", () => {
    for (const locale of LOCALES) {
      const sections = Object.keys(catalogs[locale]);
      for (const section of SERVER_SECTIONS) expect(sections, section).toContain(section);
      expect(Object.keys(webCatalog(locale))).toEqual(
        sections.filter((section) => !(SERVER_SECTIONS as readonly string[]).includes(section)),
      );
    }
  });
});
