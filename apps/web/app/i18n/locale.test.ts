import { describe, expect, it } from "vitest";
import {
  canonicalLocalePath,
  localeFromPathname,
  localizePath,
  stripLocalePrefix,
} from "./locale.ts";

describe("locale prefixes (spec §1, §2)", () => {
  it("reads the locale from the first path segment, Russian by default", () => {
    expect(localeFromPathname("/")).toBe("ru");
    expect(localeFromPathname("/about")).toBe("ru");
    expect(localeFromPathname("/en")).toBe("en");
    expect(localeFromPathname("/uk/news/x")).toBe("uk");
    expect(localeFromPathname("/de/about")).toBe("ru");
    expect(localeFromPathname("/english")).toBe("ru");
  });

  it("moves a path between locales", () => {
    expect(stripLocalePrefix("/en/about")).toBe("/about");
    expect(stripLocalePrefix("/en")).toBe("/");
    expect(stripLocalePrefix("/about")).toBe("/about");
    expect(localizePath("en", "/")).toBe("/en");
    expect(localizePath("uk", "/about")).toBe("/uk/about");
    expect(localizePath("ru", "/about")).toBe("/about");
  });

  it("redirects upper-case and default-locale prefixes, and nothing else", () => {
    expect(canonicalLocalePath("/EN/about")).toBe("/en/about");
    expect(canonicalLocalePath("/Uk")).toBe("/uk");
    expect(canonicalLocalePath("/ru/about")).toBe("/about");
    expect(canonicalLocalePath("/RU")).toBe("/");
    expect(canonicalLocalePath("/en/about")).toBeNull();
    expect(canonicalLocalePath("/about")).toBeNull();
    expect(canonicalLocalePath("/")).toBeNull();
  });

  it("never turns a path into a protocol-relative URL (open redirect)", () => {
    expect(canonicalLocalePath("/ru//evil.example/x")).toBe("/evil.example/x");
  });
});
