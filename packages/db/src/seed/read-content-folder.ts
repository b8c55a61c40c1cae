import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ContentKind, FAQ_SECTIONS, type FaqSection } from "@obmen/domain";
import { parseFrontMatter } from "./content-front-matter.ts";

/** Where the shipped demo texts live: `<kind folder>/<name>.<locale>.md`. */
export const SEED_CONTENT_FOLDER = new URL("./content/", import.meta.url);

const SEED_LOCALES = ["ru", "en", "uk"] as const;
type SeedLocale = (typeof SEED_LOCALES)[number];

/** The locale every entry must have: the API falls back to it (spec §1: Russian is default). */
const FALLBACK_LOCALE: SeedLocale = "ru";

export interface SeedTranslation {
  locale: SeedLocale;
  title: string;
  description: string;
  body: string;
}

export interface SeedContentEntry {
  kind: ContentKind;
  slug: string;
  position: number;
  section: FaqSection | null;
  /** From the file name for news and blog; null for pages and FAQ (they show no date). */
  publishedAt: Date | null;
  translations: SeedTranslation[];
}

/** Folder name → kind, and the file-name shape that carries slug, date or position. */
const FOLDERS: Record<string, { kind: ContentKind; name: RegExp }> = {
  pages: { kind: "page", name: /^(?<slug>[a-z0-9]+(?:-[a-z0-9]+)*)$/ },
  news: { kind: "news", name: /^(?<date>\d{4}-\d{2}-\d{2})-(?<slug>[a-z0-9]+(?:-[a-z0-9]+)*)$/ },
  blog: { kind: "blog", name: /^(?<date>\d{4}-\d{2}-\d{2})-(?<slug>[a-z0-9]+(?:-[a-z0-9]+)*)$/ },
  faq: { kind: "faq", name: /^(?<position>\d{1,4})-(?<slug>[a-z0-9]+(?:-[a-z0-9]+)*)$/ },
};

const KNOWN_ATTRIBUTES = new Set(["title", "description", "section"]);

/**
 * Reads the seed texts (pages, news, blog, FAQ) written as Markdown with front matter. A file
 * that breaks the naming or header rules stops the seed with its path in the message, so a
 * typo surfaces at the first start instead of as a silently missing page.
 */
export function readContentFolder(folder: string | URL = SEED_CONTENT_FOLDER): SeedContentEntry[] {
  const root = folder instanceof URL ? folder : pathToFileURL(`${path.resolve(folder)}/`);
  const entries = new Map<string, SeedContentEntry>();
  for (const [folderName, { kind, name }] of Object.entries(FOLDERS)) {
    const directory = new URL(`${folderName}/`, root);
    for (const fileName of listMarkdown(directory)) {
      const file = `${folderName}/${fileName}`;
      const match = /^(?<stem>.+)\.(?<locale>[a-z]{2})\.md$/.exec(fileName);
      const locale = match?.groups?.locale;
      const parts = match && name.exec(match.groups!.stem!)?.groups;
      if (!parts || !isSeedLocale(locale)) {
        throw new Error(`${file}: expected a name like ${exampleName(folderName)}`);
      }
      const { attributes, body } = parseFrontMatter(
        readFileSync(new URL(fileName, directory), "utf8"),
        file,
      );
      const translation = readTranslation(attributes, body, locale, file);
      const section = kind === "faq" ? readSection(attributes.section, file) : null;
      if (kind !== "faq" && attributes.section !== undefined) {
        throw new Error(`${file}: only FAQ entries have a section`);
      }
      const position = parts.position ? Number(parts.position) : 0;
      const publishedAt = parts.date ? readDate(parts.date, file) : null;
      const entry = entryFor(entries, {
        kind,
        slug: parts.slug!,
        position,
        section,
        publishedAt,
        translations: [],
      });
      if (
        entry.section !== section ||
        entry.position !== position ||
        entry.publishedAt?.getTime() !== publishedAt?.getTime()
      ) {
        throw new Error(`${file}: its section, number or date differs from the other languages'`);
      }
      if (entry.translations.some((existing) => existing.locale === locale)) {
        throw new Error(`${file}: a second ${locale} file for ${kind} "${entry.slug}"`);
      }
      entry.translations.push(translation);
    }
  }
  for (const entry of entries.values()) {
    if (!entry.translations.some((translation) => translation.locale === FALLBACK_LOCALE)) {
      throw new Error(
        `${entry.kind} "${entry.slug}" has no ${FALLBACK_LOCALE} file to fall back on`,
      );
    }
  }
  return [...entries.values()];
}

function listMarkdown(directory: URL): string[] {
  try {
    if (!statSync(directory).isDirectory()) return [];
  } catch {
    return []; // a kind without texts yet
  }
  return readdirSync(directory)
    .filter((name) => name.endsWith(".md"))
    .sort();
}

function entryFor(entries: Map<string, SeedContentEntry>, candidate: SeedContentEntry) {
  const key = `${candidate.kind}/${candidate.slug}`;
  const existing = entries.get(key);
  if (existing) return existing;
  entries.set(key, candidate);
  return candidate;
}

function readTranslation(
  attributes: Record<string, unknown>,
  body: string,
  locale: SeedLocale,
  file: string,
): SeedTranslation {
  for (const key of Object.keys(attributes)) {
    if (!KNOWN_ATTRIBUTES.has(key)) throw new Error(`${file}: unknown front matter key "${key}"`);
  }
  const title = attributes.title;
  const description = attributes.description ?? "";
  if (typeof title !== "string" || title.trim() === "") {
    throw new Error(`${file}: the front matter needs a title`);
  }
  if (typeof description !== "string") {
    throw new Error(`${file}: the description must be text`);
  }
  if (body.trim() === "") throw new Error(`${file}: the body is empty`);
  return { locale, title: title.trim(), description: description.trim(), body: body.trimEnd() };
}

function readSection(value: unknown, file: string): FaqSection {
  if (typeof value === "string" && (FAQ_SECTIONS as readonly string[]).includes(value)) {
    return value as FaqSection;
  }
  throw new Error(`${file}: section must be one of ${FAQ_SECTIONS.join(", ")}`);
}

/** The date in the name is the publication day, at midnight UTC. */
function readDate(text: string, file: string): Date {
  const date = new Date(`${text}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new Error(`${file}: ${text} is not a calendar date`);
  }
  return date;
}

function isSeedLocale(value: unknown): value is SeedLocale {
  return typeof value === "string" && (SEED_LOCALES as readonly string[]).includes(value);
}

function exampleName(folderName: string): string {
  if (folderName === "faq") return "faq/01-how-long.ru.md";
  if (folderName === "pages") return "pages/about.ru.md";
  return `${folderName}/2026-03-01-some-title.ru.md`;
}
