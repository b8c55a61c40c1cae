import { Link } from "react-router";
import { loadPairEntries } from "../catalogue/load-pair-entries.server.ts";
import { Breadcrumbs } from "../content/breadcrumbs.tsx";
import { loadAllTitles } from "../content/load-titles.server.ts";
import { PAGES, type SitePage } from "../content/site-pages.ts";
import { groupDirectionsBySend } from "../content/sitemap-directions.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname } from "../i18n/locale.ts";
import { RichText } from "../i18n/rich-text.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/sitemap-page";
import "../content/content.css";

/** Pages that are always there; the content pages are listed when the content index has them. */
const FIXED_PAGES: SitePage[] = [
  PAGES.exchange,
  PAGES.order,
  PAGES.reserve,
  PAGES.faq,
  PAGES.news,
  PAGES.blog,
];
const CONTENT_PAGES: { slug: string; page: SitePage }[] = [
  { slug: "about", page: PAGES.about },
  { slug: "rules", page: PAGES.rules },
  { slug: "agreement", page: PAGES.agreement },
  { slug: "partner", page: PAGES.partner },
  { slug: "contact", page: PAGES.contact },
  { slug: "forgot", page: PAGES.forgot },
];

/** `/sitemap` (spec §2): every page a visitor can reach, every exchange direction included. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  const { api } = context.get(webContext);
  const [index, pairs, newsTitles, blogTitles] = await Promise.all([
    api.content.index(),
    // The same call the site layout makes for this request: shared, not repeated.
    loadPairEntries(context, locale),
    loadAllTitles({ api, kind: "news", locale }),
    loadAllTitles({ api, kind: "blog", locale }),
  ]);
  // The index says what exists; the lists give the titles in this language.
  const titled = (entries: { slug: string }[], titles: Map<string, string>) =>
    entries.map(({ slug }) => ({ slug, title: titles.get(slug) ?? slug }));
  const existing = new Set(index.pages.map((page) => page.slug));
  const contentPages = CONTENT_PAGES.filter(({ slug }) => existing.has(slug)).map(
    ({ page }) => page,
  );
  return {
    pages: [...FIXED_PAGES, ...contentPages],
    news: titled(index.news, newsTitles),
    blog: titled(index.blog, blogTitles),
    directions: groupDirectionsBySend(pairs),
  };
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { pages, news, blog, directions } = loaderData;
  return (
    <section className="content content--wide" aria-labelledby="sitemap-title">
      <title>{t("Sitemap.MetaTitle")}</title>
      <meta name="description" content={t("Sitemap.MetaDescription")} />
      <Breadcrumbs trail={[]} current={t("Sitemap.Title")} />
      <h1 id="sitemap-title" className="content__title">
        {t("Sitemap.Title")}
      </h1>
      <div className="sitemap">
        <section className="sitemap__section" aria-labelledby="sitemap-pages">
          <h2 id="sitemap-pages">{t("Sitemap.Pages")}</h2>
          <ul className="sitemap__links">
            {pages.map((page) => (
              <li key={page.path}>
                <Link to={href(page.path)}>{t(page.name)}</Link>
              </li>
            ))}
          </ul>
        </section>
        {news.length > 0 && (
          <section className="sitemap__section" aria-labelledby="sitemap-news">
            <h2 id="sitemap-news">{t("Sitemap.News")}</h2>
            <ul className="sitemap__links">
              {news.map((item) => (
                <li key={item.slug}>
                  <Link to={href(`/news/${item.slug}`)}>{item.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {blog.length > 0 && (
          <section className="sitemap__section" aria-labelledby="sitemap-blog">
            <h2 id="sitemap-blog">{t("Sitemap.Blog")}</h2>
            <ul className="sitemap__links">
              {blog.map((item) => (
                <li key={item.slug}>
                  <Link to={href(`/blog/${item.slug}`)}>{item.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {directions.length > 0 && (
          <section
            className="sitemap__section sitemap__section--directions"
            aria-labelledby="sitemap-directions"
          >
            <h2 id="sitemap-directions">{t("Sitemap.Directions")}</h2>
            <div className="sitemap__groups">
              {directions.map((group) => (
                <section
                  key={group.key}
                  className="sitemap__group"
                  aria-labelledby={`from-${group.key}`}
                >
                  <h3 id={`from-${group.key}`} className="sitemap__group-title">
                    <img
                      src={group.icon}
                      alt=""
                      width={24}
                      height={24}
                      loading="lazy"
                      decoding="async"
                    />
                    {t("Sitemap.DirectionsFrom", { name: group.name, code: group.code })}
                  </h3>
                  <ul className="sitemap__links">
                    {group.directions.map((direction) => (
                      <li key={direction.path}>
                        <Link to={href(direction.path)}>
                          <RichText
                            text={t("Sitemap.Direction", {
                              send: `${group.name} ${group.code}`,
                              receive: `${direction.name} ${direction.code}`,
                            })}
                            components={{ hidden: <span className="visually-hidden" /> }}
                          />
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          </section>
        )}
      </div>
    </section>
  );
}
