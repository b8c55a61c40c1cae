import { Link } from "react-router";
import { ArticleBody } from "../content/article-body.tsx";
import { Breadcrumbs } from "../content/breadcrumbs.tsx";
import { groupFaq } from "../content/group-faq.ts";
import { InfoLayout } from "../content/info-page.tsx";
import { localizeContentLinks } from "../content/localize-content-links.ts";
import { useOpenFromHash } from "../content/use-open-from-hash.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname } from "../i18n/locale.ts";
import { RichText } from "../i18n/rich-text.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/faq";
import "../content/content.css";

/** `/faq` (spec §2): questions grouped by section. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  const { api } = context.get(webContext);
  const { items } = await api.content.faq({ lang: locale });
  const localized = items.map((item) => ({
    ...item,
    html: localizeContentLinks(item.html, locale),
  }));
  return { groups: groupFaq(localized) };
}

/**
 * Each answer is a `<details>`: it opens without JavaScript, and `#slug` links to it (opened
 * by useOpenFromHash once the script runs).
 */
export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const href = useLocalizedHref();
  useOpenFromHash();
  const { groups } = loaderData;
  return (
    <InfoLayout>
      <section className="content" aria-labelledby="faq-title">
        <title>{t("Faq.MetaTitle")}</title>
        <meta name="description" content={t("Faq.MetaDescription")} />
        <Breadcrumbs trail={[]} current={t("Faq.Title")} />
        <h1 id="faq-title" className="content__title">
          {t("Faq.Title")}
        </h1>
        <p className="content__lead">
          <RichText text={t("Faq.Lead")} components={{ contact: <Link to={href("/contact")} /> }} />
        </p>
        {groups.length === 0 ? (
          <p className="notice">{t("Faq.Empty")}</p>
        ) : (
          <>
            <nav className="faq-contents" aria-label={t("Faq.ContentsLabel")}>
              <ul className="faq-contents__list">
                {groups.map((group) => (
                  <li key={group.section}>
                    <a href={`#faq-${group.section}`}>{t(`Faq.Sections.${group.section}`)}</a>
                  </li>
                ))}
              </ul>
            </nav>
            {groups.map((group) => (
              <section
                key={group.section}
                className="faq-group"
                aria-labelledby={`faq-${group.section}`}
              >
                <h2 id={`faq-${group.section}`} className="faq-group__title">
                  {t(`Faq.Sections.${group.section}`)}
                </h2>
                {group.items.map((item) => (
                  <details key={item.slug} id={item.slug} className="faq-item">
                    <summary className="faq-item__question">{item.question}</summary>
                    <div className="faq-item__answer">
                      <ArticleBody html={item.html} lang={locale} />
                    </div>
                  </details>
                ))}
              </section>
            ))}
          </>
        )}
      </section>
    </InfoLayout>
  );
}
