import { useTranslation } from "../i18n/i18n-context.tsx";
import { ArticleList, type TeaserView } from "./article-list.tsx";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { ARTICLE_KINDS, type ArticleKind } from "./content-kinds.ts";
import { Pagination } from "./pagination.tsx";

export interface ArticleListData {
  items: TeaserView[];
  page: number;
  pages: number;
  /** The list's localised path, e.g. `/en/news`. */
  path: string;
}

/** `/news` and `/blog`: a page of entries, newest first, with page links. */
export function ArticleListPage({ kind, data }: { kind: ArticleKind; data: ArticleListData }) {
  const { t } = useTranslation();
  const texts = ARTICLE_KINDS[kind];
  const metaTitle =
    data.page === 1 ? t(texts.metaTitle) : t(texts.metaTitlePage, { page: data.page });
  return (
    <section className="content content--list" aria-labelledby="list-title">
      <title>{metaTitle}</title>
      <meta name="description" content={t(texts.metaDescription)} />
      <Breadcrumbs trail={[]} current={t(texts.title)} />
      <h1 id="list-title" className="content__title">
        {t(texts.title)}
      </h1>
      <p className="content__lead">{t(texts.lead)}</p>
      {data.items.length === 0 ? (
        <p className="notice">{t(texts.empty)}</p>
      ) : (
        <ArticleList path={texts.path} items={data.items} />
      )}
      <Pagination path={data.path} page={data.page} pages={data.pages} />
    </section>
  );
}
