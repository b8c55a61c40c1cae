import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { ArticleBody, FallbackNotice, useForeignLang } from "./article-body.tsx";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { ARTICLE_KINDS, type ArticleKind } from "./content-kinds.ts";
import type { ArticleView } from "./to-article-view.ts";

/** A news item or blog post. */
export function ArticlePage({ kind, article }: { kind: ArticleKind; article: ArticleView }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const texts = ARTICLE_KINDS[kind];
  const published = article.published ?? article.updated;
  return (
    <article className="content content--article" aria-labelledby="content-title">
      <title>{t("Content.MetaTitle", { title: article.title })}</title>
      <meta name="description" content={article.description} />
      <Breadcrumbs trail={[{ path: texts.path, name: t(texts.title) }]} current={article.title} />
      <h1 id="content-title" className="content__title" lang={useForeignLang(article.lang)}>
        {article.title}
      </h1>
      <p className="content__meta">
        {t("Content.Published")}: <time dateTime={published.iso}>{published.text}</time>
      </p>
      <FallbackNotice lang={article.lang} />
      <ArticleBody html={article.html} lang={article.lang} />
      <p className="content__back">
        <Link to={href(texts.path)}>
          <span aria-hidden="true">← </span>
          {t(texts.all)}
        </Link>
      </p>
    </article>
  );
}
