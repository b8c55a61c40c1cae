import type { ContentKind, FaqSection } from "@obmen/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";

/**
 * One text of the site (spec §1): a static page, a news article, a blog post or an FAQ
 * question. Language-independent facts live here; the words live in `content_translations`.
 * An operator hides an entry by clearing `published` rather than deleting it, so the seed
 * does not bring it back on the next start.
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").$type<ContentKind>().notNull(),
    /** The URL segment (`/news/{slug}`); FAQ slugs are anchors. Unique within a kind. */
    slug: text("slug").notNull(),
    /** Order of FAQ questions (ascending); unused by other kinds. */
    position: integer("position").notNull().default(0),
    /** FAQ group key (`exchange`, `payment`, …); null for every other kind. */
    section: text("section").$type<FaqSection>(),
    published: boolean("published").notNull().default(true),
    /** Date shown on news and blog, and their order (newest first). */
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Digest of the seed values this row was last written from; null once nothing came from
     * the seed. The seed updates a row only while its values still match this digest, so an
     * operator's edit is never overwritten (docs: packages/db/src/seed/seed-content.ts).
     */
    seedDigest: text("seed_digest"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("content_entries_kind_slug_key").on(t.kind, t.slug),
    check("content_entries_kind_check", sql`${t.kind} in ('page', 'news', 'blog', 'faq')`),
    check("content_entries_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check(
      "content_entries_section_check",
      sql`(${t.kind} = 'faq') = (${t.section} is not null) and (${t.section} is null or ${t.section} in ('exchange', 'payment', 'security', 'account', 'partner'))`,
    ),
    index("content_entries_listing_idx").on(t.kind, t.publishedAt),
  ],
);

/** The words of one entry in one language; Markdown, rendered and sanitised by the API. */
export const contentTranslations = pgTable(
  "content_translations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    /** Page or article title; for FAQ, the question. */
    title: text("title").notNull(),
    /** One sentence for the meta description and the list excerpt. */
    description: text("description").notNull().default(""),
    /** Markdown source. Raw HTML in it is shown as text, never passed through. */
    body: text("body").notNull(),
    /** As on content_entries: the seed's own last values, so operator edits are kept. */
    seedDigest: text("seed_digest"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("content_translations_entry_locale_key").on(t.entryId, t.locale),
    check("content_translations_locale_check", sql`${t.locale} in ('ru', 'en', 'uk')`),
  ],
);
