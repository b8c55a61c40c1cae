import type { AdminContentEntry, FaqSection } from "@obmen/contracts";

/**
 * The editor's form as typed, and what of it goes to the API (pure, tested in
 * content-draft.test.ts): only changed facts and changed languages are sent, since the API
 * audits each before and after; a language whose inputs were all emptied is removed.
 */
export const LANGUAGES = ["ru", "en", "uk"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The FAQ's sections (the domain's FAQ_SECTIONS), written out so the console's bundle does not
 * pull in the contracts' schemas for one list; a type check keeps the names right.
 */
export const FAQ_SECTIONS = [
  "exchange",
  "payment",
  "security",
  "account",
  "partner",
] as const satisfies readonly FaqSection[];

export interface TranslationDraft {
  title: string;
  description: string;
  body: string;
}

export interface ContentDraft {
  kind: "page" | "news" | "blog" | "faq";
  slug: string;
  section: string;
  position: string;
  /** `YYYY-MM-DDTHH:mm` in the operator's time zone, as a datetime-local input holds it. */
  publishedAt: string;
  published: boolean;
  translations: Record<Language, TranslationDraft>;
}

const EMPTY: TranslationDraft = { title: "", description: "", body: "" };

/** A datetime-local value for an instant, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

export function draftOf(entry: AdminContentEntry | null): ContentDraft {
  if (!entry) {
    return {
      kind: "news",
      slug: "",
      section: "",
      position: "0",
      publishedAt: "",
      published: true,
      translations: { ru: { ...EMPTY }, en: { ...EMPTY }, uk: { ...EMPTY } },
    };
  }
  const words = (language: Language): TranslationDraft => {
    const found = entry.translations[language];
    return found
      ? { title: found.title, description: found.description, body: found.body }
      : { ...EMPTY };
  };
  return {
    kind: entry.kind,
    slug: entry.slug,
    section: entry.section ?? "",
    position: String(entry.position),
    publishedAt: toLocalInput(entry.published_at),
    published: entry.published,
    translations: { ru: words("ru"), en: words("en"), uk: words("uk") },
  };
}

const isEmpty = (words: TranslationDraft) =>
  !words.title.trim() && !words.description.trim() && !words.body.trim();
const same = (a: TranslationDraft, b: TranslationDraft) =>
  a.title === b.title && a.description === b.description && a.body === b.body;

/** A typed integer, or the text itself so the API names the field it cannot read. */
const integer = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** The body of `POST /admin/api/content`: languages left empty are not sent. */
export function createRequest(draft: ContentDraft): Record<string, unknown> {
  const translations: Partial<Record<Language, TranslationDraft>> = {};
  for (const language of LANGUAGES) {
    const words = draft.translations[language];
    if (language === "ru" || !isEmpty(words)) translations[language] = words;
  }
  return {
    kind: draft.kind,
    slug: draft.slug.trim(),
    section: draft.kind === "faq" ? draft.section || null : null,
    ...(draft.kind === "faq" ? { position: integer(draft.position) } : {}),
    published: draft.published,
    ...(draft.publishedAt ? { published_at: new Date(draft.publishedAt).toISOString() } : {}),
    translations,
  };
}

/** The body of `PATCH /admin/api/content/{id}`: what differs from `before`; null when nothing. */
export function patchRequest(
  before: ContentDraft,
  draft: ContentDraft,
): Record<string, unknown> | null {
  const patch: Record<string, unknown> = {};
  if (draft.slug.trim() !== before.slug) patch.slug = draft.slug.trim();
  if (draft.section !== before.section) patch.section = draft.section || null;
  if (draft.position !== before.position) patch.position = integer(draft.position);
  if (draft.publishedAt !== before.publishedAt && draft.publishedAt) {
    patch.published_at = new Date(draft.publishedAt).toISOString();
  }
  if (draft.published !== before.published) patch.published = draft.published;
  const translations: Partial<Record<Language, TranslationDraft | null>> = {};
  for (const language of LANGUAGES) {
    const now = draft.translations[language];
    const was = before.translations[language];
    if (same(now, was)) continue;
    translations[language] = isEmpty(now) && language !== "ru" ? null : now;
  }
  if (Object.keys(translations).length > 0) patch.translations = translations;
  return Object.keys(patch).length > 0 ? patch : null;
}

/** Which language tab holds an API field error (`translations.en.title` → en). */
export function languageOfField(path: string): Language | null {
  const match = /^translations\.(ru|en|uk)(\.|$)/.exec(path);
  return match ? (match[1] as Language) : null;
}
