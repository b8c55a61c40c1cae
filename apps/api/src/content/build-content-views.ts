import {
  type ContentArticle,
  type ContentIndex,
  type ContentListItem,
  type ContentPage,
  DEFAULT_LOCALE,
  type FaqItem,
  type Locale,
} from "@obmen/contracts";
import type { PublishedEntry, PublishedTranslation } from "./load-published-content.ts";
import { renderContentMarkdown } from "./render-markdown.ts";

/** One dated kind (news or blog) as a reader of one language sees it. */
export interface ArticleFeed {
  /** Newest first. */
  items: ContentListItem[];
  bySlug: Map<string, ContentArticle>;
}

/** Everything `/content/*` answers in one language, rendered once per content change. */
export interface ContentViews {
  pages: Map<string, ContentPage>;
  news: ArticleFeed;
  blog: ArticleFeed;
  faq: FaqItem[];
}

/**
 * The reader's language, else Russian (spec §1 default), which then shows in the answer's
 * `lang`. An entry with neither is left out for that reader rather than shown in a third
 * language the reader did not ask for.
 */
function pickTranslation(entry: PublishedEntry, lang: Locale) {
  const own = entry.translations.get(lang);
  if (own) return { lang, translation: own };
  const fallback = entry.translations.get(DEFAULT_LOCALE);
  return fallback ? { lang: DEFAULT_LOCALE, translation: fallback } : null;
}

export function buildContentViews(entries: readonly PublishedEntry[], lang: Locale): ContentViews {
  const views: ContentViews = {
    pages: new Map(),
    news: { items: [], bySlug: new Map() },
    blog: { items: [], bySlug: new Map() },
    faq: [],
  };
  const faqOrder: { position: number; item: FaqItem }[] = [];
  for (const entry of sortNewestFirst(entries)) {
    const picked = pickTranslation(entry, lang);
    if (!picked) continue;
    const { translation } = picked;
    // Rendered with the reader's language even for a fallback text: its site links must
    // keep the reader's URL prefix.
    const html = renderContentMarkdown(translation.body, { lang });
    const page: ContentPage = {
      slug: entry.slug,
      lang: picked.lang,
      title: translation.title,
      description: translation.description,
      html,
      updated_at: lastChange(entry, translation).toISOString(),
    };
    if (entry.kind === "page") {
      views.pages.set(entry.slug, page);
    } else if (entry.kind === "faq") {
      faqOrder.push({
        position: entry.position,
        item: { slug: entry.slug, section: entry.section!, question: translation.title, html },
      });
    } else {
      const feed = views[entry.kind];
      const published_at = entry.publishedAt.toISOString();
      feed.items.push({
        slug: entry.slug,
        title: translation.title,
        description: translation.description,
        published_at,
      });
      feed.bySlug.set(entry.slug, { ...page, published_at });
    }
  }
  views.faq = faqOrder
    .sort((a, b) => a.position - b.position || a.item.slug.localeCompare(b.item.slug))
    .map(({ item }) => item);
  return views;
}

/**
 * What exists, for sitemap.xml: the same in every language, dated by its newest change. Only
 * entries with a Russian text are listed: those are the ones every language can show.
 */
export function buildContentIndex(entries: readonly PublishedEntry[]): ContentIndex {
  const list = (kind: "page" | "news" | "blog") =>
    sortNewestFirst(entries)
      .filter((entry) => entry.kind === kind && entry.translations.has(DEFAULT_LOCALE))
      .map((entry) => ({ slug: entry.slug, updated_at: lastChange(entry).toISOString() }));
  return {
    pages: list("page").sort((a, b) => a.slug.localeCompare(b.slug)),
    news: list("news"),
    blog: list("blog"),
  };
}

/** Newest publication first; a tie (two posts on one day) falls back to the slug, for stable pages. */
function sortNewestFirst(entries: readonly PublishedEntry[]): PublishedEntry[] {
  return [...entries].sort(
    (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.slug.localeCompare(b.slug),
  );
}

/** An entry changes when its own row or any (or the given) translation does. */
function lastChange(entry: PublishedEntry, translation?: PublishedTranslation): Date {
  const candidates = translation ? [translation] : [...entry.translations.values()];
  let newest = entry.updatedAt;
  for (const candidate of candidates) {
    if (candidate.updatedAt > newest) newest = candidate.updatedAt;
  }
  return newest;
}
