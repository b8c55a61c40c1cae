import type { MessageKey, Messages, WebMessages } from "./messages.ts";

/** Values for `{{name}}` placeholders; `count` also picks the plural form. */
export type TranslateValues = Record<string, string | number>;
export type Translate<M = Messages> = (key: MessageKey<M>, values?: TranslateValues) => string;
/** The site's translator: it knows only the sections the browser receives. */
export type WebTranslate = Translate<WebMessages>;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A translation function fixed to one locale and catalog: nested keys (`Home.Title`),
 * `{{name}}` placeholders, and CLDR plural forms chosen by `count` (`_one`, `_few`, `_many`,
 * `_other`) through `Intl.PluralRules`. We wrote this instead of shipping i18next to the
 * browser: it is all the site, the API's errors and the letters need, and it keeps ~40 KB of
 * script off every page (decision 008). A missing key renders as the key itself, so a gap is
 * visible, not fatal.
 */
export function createTranslator<M extends object = Messages>(
  locale: string,
  messages: M | undefined,
): Translate<M> {
  const plurals = new Intl.PluralRules(locale);
  const translate = (key: string, values?: TranslateValues): string => {
    const node = lookup(messages, key);
    let text: unknown = node;
    if (typeof values?.count === "number" && typeof node === "undefined") {
      const parent = lookupParent(messages, key);
      const leaf = key.slice(key.lastIndexOf(".") + 1);
      text = parent?.[`${leaf}_${plurals.select(values.count)}`] ?? parent?.[`${leaf}_other`];
    }
    if (typeof text !== "string") return key;
    return values
      ? text.replace(PLACEHOLDER, (match, name) => String(values[name] ?? match))
      : text;
  };
  return translate;
}

type Node = Record<string, unknown>;

function lookup(messages: object | undefined, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Node)[part];
  }
  return node;
}

function lookupParent(messages: object | undefined, key: string): Node | undefined {
  const dot = key.lastIndexOf(".");
  const parent = dot < 0 ? messages : lookup(messages, key.slice(0, dot));
  return typeof parent === "object" && parent !== null ? (parent as Node) : undefined;
}
