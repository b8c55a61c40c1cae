import en from "../../locales/en.json" with { type: "json" };
import ru from "../../locales/ru.json" with { type: "json" };
import uk from "../../locales/uk.json" with { type: "json" };

/**
 * What a page or a letter must not show a reader (issue 26, "Done means"): a raw catalog key,
 * English on a Russian or Ukrainian page, and a number the one formatter did not write
 * (decision 022). Used by the walk over every page (e2e/texts-and-numbers.spec.ts) and over
 * every letter (apps/api/test/mail/letter-texts.test.ts). Heuristics, tuned to say nothing on
 * correct pages: each finding is a short quote of the text around it.
 */
export type CheckedLocale = "ru" | "en" | "uk";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

const CATALOGS = { ru, en, uk } as unknown as Record<CheckedLocale, Tree>;
const ENGLISH = new Map(leaves(CATALOGS.en));

/** Every key the catalog holds, as `t()` takes it (plural suffixes dropped). */
const KEYS = new Set(
  [...ENGLISH.keys()]
    .filter((key) => key.includes("."))
    .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")),
);

/**
 * The English phrases a translated page must not contain: each catalog text that differs in
 * the other language, cut at its placeholders, kept where a piece is a phrase of two words or
 * more (single words such as "Email" or a brand are too often right in any language).
 */
function englishPhrases(locale: CheckedLocale): string[] {
  const own = new Map(leaves(CATALOGS[locale]));
  const phrases = new Set<string>();
  for (const [key, text] of ENGLISH) {
    if (own.get(key) === text) continue;
    for (const piece of text.split(/\{\{[^}]*\}\}|<[^>]*>/)) {
      const phrase = piece.trim().replace(/[.:,;!?]+$/, "");
      if (/^[A-Za-z][A-Za-z']*( [A-Za-z][A-Za-z']*)+$/.test(phrase) && phrase.length >= 8) {
        phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}
const PHRASES = { ru: englishPhrases("ru"), uk: englishPhrases("uk") };

// An amount before a currency code: digits with whatever separators the writer used.
const AMOUNT_WITH_CODE = /(?<![\w.,])(\d[\d\u00a0\u202f ,.]*\d|\d)[\u00a0 ]?(?=[A-Z]{3,5}\b)/g;

function quote(text: string, at: number, length: number): string {
  return text
    .slice(Math.max(0, at - 30), at + length + 30)
    .replace(/\s+/g, " ")
    .trim();
}

/** What is wrong with `text` as a page or letter in `locale`: empty when nothing is. */
export function findTextProblems(text: string, locale: CheckedLocale): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/\b[A-Z][A-Za-z]+(?:\.[A-Za-z][A-Za-z0-9_]*)+\b/g)) {
    if (KEYS.has(match[0])) {
      problems.push(`raw key ${match[0]}: "${quote(text, match.index, match[0].length)}"`);
    }
  }
  if (locale === "en") return problems;
  for (const phrase of PHRASES[locale]) {
    const at = text.indexOf(phrase);
    if (at >= 0) problems.push(`English "${phrase}": "${quote(text, at, phrase.length)}"`);
  }
  for (const match of text.matchAll(AMOUNT_WITH_CODE)) {
    const problem = amountProblem(match[1]!.trim());
    if (problem) problems.push(`${problem}: "${quote(text, match.index, match[0].length)}"`);
  }
  return problems;
}

/**
 * An amount as ru and uk write it (`77 105,80`, `0,01`, `10 000`): a comma before the
 * fraction, thousands grouped by a space from four digits on. Null when it reads so.
 */
export function amountProblem(amount: string, locale: CheckedLocale = "ru"): string | null {
  if (locale === "en") return null;
  if (/\d\.\d/.test(amount)) return `a point as the decimal sign in ${amount}`;
  const whole = amount.split(",")[0]!;
  if (/\d{4,}/.test(whole)) return `ungrouped thousands in ${amount}`;
  return null;
}
