import { describe, expect, it } from "vitest";
import { readContentFolder } from "../src/index.ts";
import { demoCurrencies } from "../src/seed/demo-currencies.ts";
import { demoFields } from "../src/seed/demo-fields.ts";

/**
 * Ukrainian writes one apostrophe, ’ (U+2019: "зв’язатися", "п’ять"), never the typewriter ' or
 * the modifier letter ʼ. Every Ukrainian text the seed ships: pages, news, blog and FAQ, order
 * field labels and payment system names. (The catalog has the same test in packages/i18n.)
 */
const WRONG_APOSTROPHE = /['ʼ]/;

function ukrainianTexts(): { where: string; text: string }[] {
  const content = readContentFolder().flatMap((entry) =>
    entry.translations
      .filter((translation) => translation.locale === "uk")
      .map((translation) => ({
        where: `${entry.kind}/${entry.slug}`,
        text: [translation.title, translation.description, translation.body].join("\n"),
      })),
  );
  const catalogue = demoCurrencies.flatMap((currency) => [
    ...demoFields(currency.fields).map((field) => ({
      where: `${currency.urlXml} ${field.key}`,
      text: field.labelUk,
    })),
    { where: `${currency.urlXml} pay system`, text: currency.paySystem.nameUk ?? "" },
  ]);
  return [...content, ...catalogue];
}

describe("the seed's Ukrainian texts", () => {
  it("use ’ as their only apostrophe", () => {
    const texts = ukrainianTexts();
    expect(texts.length).toBeGreaterThan(100);
    // The texts do use apostrophes: the test would pass vacuously otherwise.
    expect(texts.some(({ text }) => text.includes("’"))).toBe(true);
    const wrong = texts.filter(({ text }) => WRONG_APOSTROPHE.test(text)).map(({ where }) => where);
    expect(wrong).toEqual([]);
  });
});
