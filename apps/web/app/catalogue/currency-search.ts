import type { CatalogueCurrency } from "./pair-catalogue.ts";

/**
 * The select view's search: does a currency match what the visitor typed? Every word of the
 * query must appear in the pay system name, the currency code, the URL code or the network,
 * in any case. Many pay systems are named in Latin letters (`Bitcoin`, `Payeer`), while most
 * visitors type in Cyrillic, so a Cyrillic query also matches through a transliteration
 * (`биткоин` → Bitcoin) and through the keyboard layout it was probably meant in (`ыиук`,
 * typed with the Russian layout on, is `sber`). A name written in Cyrillic (banks in the
 * Russian and Ukrainian interface: `Сбербанк`, `Т-Банк`) matches a Cyrillic query directly and
 * a Latin one (`t-bank`, `alfa`) through its transliteration.
 */
export function matchesSearch(currency: CatalogueCurrency, query: string): boolean {
  const words = query
    .toLowerCase()
    .split(/[\s,;/]+/)
    .filter(Boolean);
  if (words.length === 0) return true;
  const text = [currency.name, currency.ticker, currency.code, currency.network ?? ""]
    .join(" ")
    .toLowerCase();
  const compact = squeeze(text);
  const folded = foldLatin(text);
  const romanized = squeeze(transliterate(text));
  return words.every((word) => {
    if (text.includes(word) || compact.includes(squeeze(word))) return true;
    // The loose spellings are for Cyrillic input only: folded, a Latin `zzz` would find `KZT`.
    if (!CYRILLIC.test(word)) return romanized.includes(squeeze(word));
    return [transliterate(word), swapLayout(word)].some((latin) => {
      const needle = foldLatin(latin);
      return needle.length > 0 && folded.includes(needle);
    });
  });
}

const CYRILLIC = /[\u0400-\u04ff]/;

/** Only letters and digits: `t-bank` and `tbank`, `usdt trc20` and `USDTTRC20` meet. */
function squeeze(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Spellings that Russian and Ukrainian transliteration cannot tell apart are made equal on
 * both sides: `c`/`k` (биткоин ~ bitcoin), `y`/`i`/`j`, `w`/`v`, doubled letters.
 */
function foldLatin(text: string): string {
  return squeeze(text)
    .replace(/ph/g, "f")
    .replace(/x/g, "ks")
    .replace(/[cq]/g, "k")
    .replace(/[yj]/g, "i")
    .replace(/w/g, "v")
    .replace(/(.)\1+/g, "$1");
}

// Russian and Ukrainian letters; soft and hard signs and the apostrophe vanish.
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "e",
  є: "e",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sch",
  ъ: "",
  ы: "i",
  ь: "",
  э: "e",
  ю: "iu",
  я: "ia",
  "'": "",
  "’": "",
};

export function transliterate(word: string): string {
  return [...word].map((letter) => CYRILLIC_TO_LATIN[letter] ?? letter).join("");
}

// The Russian ЙЦУКЕН keys and the Latin QWERTY keys they sit on; Ukrainian і, ї, є too.
const RUSSIAN_KEYS = "йцукенгшщзхъфывапролджэячсмитьбюёіїє";
const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`s]'";

/** `ыиук` → `sber`: the word as it would read had the keyboard been switched to Latin. */
export function swapLayout(word: string): string {
  return [...word]
    .map((letter) => {
      const index = RUSSIAN_KEYS.indexOf(letter);
      return index < 0 ? letter : LATIN_KEYS[index];
    })
    .join("");
}
