import { useTranslation } from "../i18n/i18n-context.tsx";
import { ArticleBody, FallbackNotice, useForeignLang } from "./article-body.tsx";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { InfoMenu } from "./info-menu.tsx";
import type { ArticleView } from "./to-article-view.ts";

/**
 * The frame of the information pages (about, rules, FAQ, …): the text, and beside it on wide
 * screens the menu of the other information pages.
 */
export function InfoLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="info-layout">
      <div className="info-layout__main">{children}</div>
      <InfoMenu />
    </div>
  );
}

/** An information page's text with its title, for `/about`, `/rules`, `/forgot`, … */
export function InfoArticle({ page, children }: { page: ArticleView; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const titleLang = useForeignLang(page.lang);
  return (
    <article className="content" aria-labelledby="content-title">
      <title>{t("Content.MetaTitle", { title: page.title })}</title>
      <meta name="description" content={page.description} />
      <Breadcrumbs trail={[]} current={page.title} />
      <h1 id="content-title" className="content__title" lang={titleLang}>
        {page.title}
      </h1>
      <FallbackNotice lang={page.lang} />
      <ArticleBody html={page.html} lang={page.lang} />
      {children}
      <p className="content__meta content__meta--end">
        {t("Content.Updated")}: <time dateTime={page.updated.iso}>{page.updated.text}</time>
      </p>
    </article>
  );
}
