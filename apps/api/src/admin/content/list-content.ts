import type { AdminContentListQuery } from "@obmen/contracts";
import { contentEntries, contentTranslations, type Database } from "@obmen/db";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { contentListItemView } from "./content-entry-view.ts";

export const CONTENT_PAGE_SIZE = 50;

/** `%`, `_` and `\` typed by an editor are letters, not patterns. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `GET /admin/api/content`: pages by slug, then news and blog newest first, then FAQ by
 * section and position; published or not. `q` finds a slug or any language's title.
 */
export async function listContent(options: {
  db: Database;
  query: z.output<typeof AdminContentListQuery>;
}) {
  const { db, query } = options;
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(contentEntries.kind, query.kind));
  if (query.q) {
    const pattern = likeText(query.q);
    const byTitle = db
      .select({ id: contentTranslations.entryId })
      .from(contentTranslations)
      .where(ilike(contentTranslations.title, pattern));
    conditions.push(
      or(ilike(contentEntries.slug, pattern), inArray(contentEntries.id, byTitle)) as SQL,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(contentEntries)
    .where(where)
    .orderBy(
      sql`case ${contentEntries.kind} when 'page' then 0 when 'news' then 1 when 'blog' then 2 else 3 end`,
      asc(contentEntries.section),
      asc(contentEntries.position),
      desc(contentEntries.publishedAt),
      asc(contentEntries.slug),
    )
    .limit(CONTENT_PAGE_SIZE)
    .offset((query.page - 1) * CONTENT_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(contentEntries).where(where);
  const ids = rows.map((row) => row.id);
  const titles =
    ids.length === 0
      ? []
      : await db
          .select({
            entryId: contentTranslations.entryId,
            locale: contentTranslations.locale,
            title: contentTranslations.title,
          })
          .from(contentTranslations)
          .where(inArray(contentTranslations.entryId, ids));
  return {
    items: rows.map((row) =>
      contentListItemView(
        row,
        titles.filter((title) => title.entryId === row.id),
      ),
    ),
    total: total?.n ?? 0,
    page: query.page,
    page_size: CONTENT_PAGE_SIZE,
  };
}
