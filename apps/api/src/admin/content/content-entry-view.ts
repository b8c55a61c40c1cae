import type { AdminContentEntry, AdminContentListItem } from "@obmen/contracts";
import type { contentEntries, contentTranslations } from "@obmen/db";

type EntryRow = typeof contentEntries.$inferSelect;
type TranslationRow = typeof contentTranslations.$inferSelect;

const LANGUAGES = ["ru", "en", "uk"] as const;

/** Where the public site shows a text, in Russian (the others add `/en`, `/uk` in front). */
export function sitePath(entry: Pick<EntryRow, "kind" | "slug">): string {
  switch (entry.kind) {
    case "news":
      return `/news/${entry.slug}`;
    case "blog":
      return `/blog/${entry.slug}`;
    case "faq":
      return `/faq#${entry.slug}`;
    default:
      return `/${entry.slug}`;
  }
}

function entryFacts(row: EntryRow) {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    section: row.section,
    position: row.position,
    published: row.published,
    published_at: row.publishedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    site_path: sitePath(row),
  };
}

/** One text with every language it has, as the console's editor opens it. */
export function contentEntryView(row: EntryRow, translations: TranslationRow[]): AdminContentEntry {
  const byLocale = (locale: string) => {
    const found = translations.find((translation) => translation.locale === locale);
    return found
      ? {
          title: found.title,
          description: found.description,
          body: found.body,
          updated_at: found.updatedAt.toISOString(),
        }
      : null;
  };
  return {
    ...entryFacts(row),
    translations: { ru: byLocale("ru"), en: byLocale("en"), uk: byLocale("uk") },
  };
}

/** A row of the console's list: the facts and the title in each language. */
export function contentListItemView(
  row: EntryRow,
  titles: { locale: string; title: string }[],
): AdminContentListItem {
  const title = (locale: string) => titles.find((t) => t.locale === locale)?.title ?? null;
  return {
    ...entryFacts(row),
    titles: Object.fromEntries(LANGUAGES.map((locale) => [locale, title(locale)])) as {
      ru: string | null;
      en: string | null;
      uk: string | null;
    },
  };
}
