import { CONTENT_KINDS, FAQ_SECTIONS } from "@obmen/domain";
import { z } from "zod";
import { ContentSlug } from "./content.ts";
import { dataResponse } from "./response.ts";
import { RowId, WholeNumber } from "./whole-number.ts";

/**
 * The site's texts in the operator console (issue 14, role `editor`; decision 032): static
 * pages, news, blog posts and FAQ questions, the same rows the public `/content/*` calls serve
 * (decision 010). Bodies are Markdown, as the site renders them (raw HTML is shown as text).
 */

/** Checked only when the keys themselves are fine, so an unknown key is reported alone. */
const NOT_EMPTY = {
  message: "nothing to change",
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

const Timestamp = z.string().describe("ISO 8601 date and time, UTC");
const ContentKindSchema = z.enum(CONTENT_KINDS);
const FaqSectionSchema = z.enum(FAQ_SECTIONS);

/** The words of one text in one language. */
export const AdminContentTranslation = z.strictObject({
  /** Page or article title; for FAQ, the question. */
  title: z.string().trim().min(1).max(200),
  /** One sentence for the meta description and the list excerpt. */
  description: z.string().trim().max(300).default(""),
  /** Markdown. The longest seed page (the rules) is about 7,000 characters. */
  body: z.string().trim().min(1).max(30_000),
});
export type AdminContentTranslation = z.output<typeof AdminContentTranslation>;

/**
 * Translations by language. Russian is the fallback of every reader (decision 010), so an
 * entry always has it; English and Ukrainian may be missing (`null` removes one in a PATCH).
 */
const Translations = z.strictObject({
  ru: AdminContentTranslation.nullable().optional(),
  en: AdminContentTranslation.nullable().optional(),
  uk: AdminContentTranslation.nullable().optional(),
});

export const AdminContentListQuery = z.strictObject({
  kind: ContentKindSchema.optional(),
  /** Part of the slug or of a title in any language. */
  q: z.string().trim().max(200).optional(),
  page: WholeNumber.pipe(z.number().int().min(1).max(100_000)).default(1),
});
export type AdminContentListQuery = z.input<typeof AdminContentListQuery>;

export const AdminContentParams = z.strictObject({
  id: RowId,
});

const TranslationView = z.object({
  title: z.string(),
  description: z.string(),
  body: z.string(),
  updated_at: Timestamp,
});

export const AdminContentEntry = z.object({
  id: z.number().int(),
  kind: ContentKindSchema,
  slug: z.string(),
  /** FAQ group; null for every other kind. */
  section: FaqSectionSchema.nullable(),
  /** Order of FAQ questions, ascending. */
  position: z.number().int(),
  /** Shown on the site; an unpublished text is kept, never deleted. */
  published: z.boolean(),
  /** The date news and blog posts show and are ordered by. */
  published_at: Timestamp,
  updated_at: Timestamp,
  translations: z.object({
    ru: TranslationView.nullable(),
    en: TranslationView.nullable(),
    uk: TranslationView.nullable(),
  }),
  /** Where the text is on the public site (Russian address; `/en/…`, `/uk/…` for the others). */
  site_path: z.string(),
});
export type AdminContentEntry = z.infer<typeof AdminContentEntry>;
export const AdminContentEntryResponse = dataResponse(AdminContentEntry);

export const AdminContentListItem = AdminContentEntry.omit({ translations: true }).extend({
  /** The title in each language that has one. */
  titles: z.object({
    ru: z.string().nullable(),
    en: z.string().nullable(),
    uk: z.string().nullable(),
  }),
});
export type AdminContentListItem = z.infer<typeof AdminContentListItem>;

/** Pages by slug, then news and blog newest first, FAQ by section and position; 50 a page. */
export const AdminContentListResponse = dataResponse(
  z.object({
    items: z.array(AdminContentListItem),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
);

/**
 * A new news item, blog post or FAQ question. `section` is required for FAQ and refused for other kinds; the Russian
 * translation is required. Published at once unless `published` is false.
 */
export const AdminCreateContentRequest = z.strictObject({
  /** Pages are edited, not made: each has its own route on the site (about, rules, …). */
  kind: z.enum(["news", "blog", "faq"]),
  slug: ContentSlug,
  section: FaqSectionSchema.nullable().default(null),
  position: z.number().int().min(-100_000).max(100_000).default(0),
  published: z.boolean().default(true),
  published_at: z.iso.datetime({ offset: true }).optional(),
  translations: Translations.extend({ ru: AdminContentTranslation }),
});
export type AdminCreateContentRequest = z.input<typeof AdminCreateContentRequest>;

/**
 * Only the keys sent change; in `translations` only the languages sent (`null` removes
 * English or Ukrainian; Russian cannot be removed). At least one key.
 */
export const AdminContentPatch = z
  .strictObject({
    slug: ContentSlug.optional(),
    section: FaqSectionSchema.nullable().optional(),
    position: z.number().int().min(-100_000).max(100_000).optional(),
    published: z.boolean().optional(),
    published_at: z.iso.datetime({ offset: true }).optional(),
    translations: z
      .strictObject(Translations.shape)
      .refine((value) => Object.keys(value).length > 0, NOT_EMPTY)
      .optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, NOT_EMPTY);
export type AdminContentPatch = z.input<typeof AdminContentPatch>;
