import { describe, expect, it } from "vitest";
import { LOCALES, localizePath } from "../i18n/locale.ts";
import { PAGE_PATHS, ROOT_FILE_PATHS } from "./page-paths.ts";
import { canonicalPathCase } from "./path-case.ts";
import { siteRedirectTarget } from "./site-redirect.ts";

// Values whose case must survive: a token, an order id, a slug, currency codes.
const SAMPLE_VALUES: Record<string, string> = {
  ":token": "MiXeD_Token-0123456789",
  ":id": "4fD2a0C1-Ab",
  ":slug": "New-Rates-In-May",
  ":from": "BTC",
  ":to": "SberRUB",
  ":to?": "SberRUB",
  ":suffix?": "Old-Campaign",
  "*": "Some/Where",
};

/** A concrete path for a pattern, with its fixed words spelt by `spell`. */
function samplePath(pattern: string, spell: (word: string) => string): string {
  const segments = pattern
    .split("/")
    .map((part) => SAMPLE_VALUES[part] ?? (part.startsWith(":") ? "x" : spell(part)));
  return `/${segments.join("/")}`;
}

const upper = (word: string) => word.toUpperCase();
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const hasFixedWord = (pattern: string) =>
  pattern.split("/").some((part) => part !== "*" && !part.startsWith(":"));

describe("letter case of paths (decision 021)", () => {
  const pages = PAGE_PATHS.filter((page) => page.path !== null && hasFixedWord(page.path));

  for (const locale of LOCALES) {
    for (const page of pages) {
      const pattern = page.path as string;
      const canonical = localizePath(
        locale,
        samplePath(pattern, (word) => word),
      );
      it(`${canonical}: fixed words move to lower case, values keep theirs`, () => {
        for (const spell of [upper, capitalised]) {
          const path = localizePath(locale, samplePath(pattern, spell));
          expect(canonicalPathCase(path)).toBe(canonical);
        }
        expect(canonicalPathCase(canonical)).toBeNull();
      });
    }
  }

  it("covers the root files, outside any locale", () => {
    for (const file of ROOT_FILE_PATHS) {
      expect(canonicalPathCase(`/${file.path.toUpperCase()}`)).toBe(`/${file.path}`);
      expect(canonicalPathCase(`/en/${file.path.toUpperCase()}`)).toBeNull();
    }
  });

  it("leaves paths with no fixed word alone: codes and unknown words are not its business", () => {
    expect(canonicalPathCase("/")).toBeNull();
    expect(canonicalPathCase("/en")).toBeNull();
    expect(canonicalPathCase("/Btc")).toBeNull();
    expect(canonicalPathCase("/uk/Btc/Eth")).toBeNull();
    expect(canonicalPathCase("/Abc/Def/Ghi")).toBeNull();
  });

  it("keeps a trailing slash and never decodes an escape", () => {
    expect(canonicalPathCase("/en/FAQ/")).toBe("/en/faq/");
    expect(canonicalPathCase("/Order/%E0%A4")).toBe("/order/%E0%A4");
    expect(canonicalPathCase("/%E0/About")).toBeNull();
  });

  it("folds the locale prefix, the case and the old pair query into one hop", () => {
    const at = (path: string) => new URL(path, "http://obmen.test");
    expect(siteRedirectTarget(at("/EN/Restore/AbCdEfGhIjKlMnOpQr"))).toBe(
      "/en/restore/AbCdEfGhIjKlMnOpQr",
    );
    expect(siteRedirectTarget(at("/RU/News/Slug?page=2"))).toBe("/news/Slug?page=2");
    expect(siteRedirectTarget(at("/UK/ABOUT?cur_from=BTC&cur_to=ETH"))).toBe(
      "/uk/exchange/BTC/ETH",
    );
    expect(siteRedirectTarget(at("/order/AbC"))).toBeNull();
    expect(siteRedirectTarget(new URL("http://obmen.test//Evil.example/About"))).toBeNull();
  });
});
