import { type ContentKind, type FaqSection, isLocale, type Locale } from "@obmen/contracts";
import { contentEntries, contentTranslations, type Database } from "@obmen/db";
import { eq } from "drizzle-orm";

export interface PublishedTranslation {
  title: string;
  description: string;
  /** Markdown source; rendered per reader language when the cache is built. */
  body: string;
  updatedAt: Date;
}

export interface PublishedEntry {
  kind: ContentKind;
  slug: string;
  position: number;
  section: FaqSection | null;
  publishedAt: Date;
  updatedAt: Date;
  translations: Map<Locale, PublishedTranslation>;
}

/**
 * Every published entry with all its translations, in two queries. The whole set is small
 * (pages, some hundreds of articles, a few dozen questions), so the API holds it in memory
 * and answers every `/content/*` call from it (content-cache.ts).
 */
export async function loadPublishedContent(options: { db: Database }): Promise<PublishedEntry[]> {
  const { db } = options;
  const entryRows = await db
    .select()
    .from(contentEntries)
    .where(eq(contentEntries.published, true));
  const translationRows = await db
    .select({ translation: contentTranslations })
    .from(contentTranslations)
    .innerJoin(contentEntries, eq(contentEntries.id, contentTranslations.entryId))
    .where(eq(contentEntries.published, true));

  const byId = new Map<number, PublishedEntry>();
  for (const row of entryRows) {
    byId.set(row.id, {
      kind: row.kind,
      slug: row.slug,
      position: row.position,
      section: row.section,
      publishedAt: row.publishedAt,
      updatedAt: row.updatedAt,
      translations: new Map(),
    });
  }
  for (const { translation } of translationRows) {
    if (!isLocale(translation.locale)) continue; // the table's check allows no other value
    byId.get(translation.entryId)?.translations.set(translation.locale, {
      title: translation.title,
      description: translation.description,
      body: translation.body,
      updatedAt: translation.updatedAt,
    });
  }
  return [...byId.values()];
}
