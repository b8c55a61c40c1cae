import type { ContentArticle, ContentPage } from "@obmen/contracts";
import type { Locale } from "../i18n/locale.ts";
import { formatContentDate } from "./format-date.ts";
import { localizeContentLinks } from "./localize-content-links.ts";

export interface DateView {
  iso: string;
  /** Already formatted for the page's locale. */
  text: string;
}

/** A page, news item or blog post as the page renders it. */
export interface ArticleView {
  title: string;
  description: string;
  /** Sanitised by the API; links already point into the reader's language. */
  html: string;
  /** The language of the text: the page's, or Russian when it has no translation yet. */
  lang: Locale;
  updated: DateView;
  published: DateView | null;
}

export function toArticleView(entry: ContentPage | ContentArticle, locale: Locale): ArticleView {
  return {
    title: entry.title,
    description: entry.description,
    html: localizeContentLinks(entry.html, locale),
    lang: entry.lang,
    updated: toDateView(entry.updated_at, locale),
    published: "published_at" in entry ? toDateView(entry.published_at, locale) : null,
  };
}

export function toDateView(iso: string, locale: Locale): DateView {
  return { iso, text: formatContentDate(iso, locale) };
}
