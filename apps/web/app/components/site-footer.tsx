import type { WebMessageKey as MessageKey } from "@obmen/i18n";
import { Link } from "react-router";
import { PAGES, type SitePage } from "../content/site-pages.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import "./site-footer.css";

/** Every public page, in three groups; static, so the footer never waits on the API. */
const GROUPS: { key: MessageKey; pages: SitePage[] }[] = [
  {
    key: "Footer.Groups.Service",
    pages: [PAGES.exchange, PAGES.order, PAGES.reserve, PAGES.partner],
  },
  {
    key: "Footer.Groups.Info",
    pages: [PAGES.about, PAGES.news, PAGES.blog, PAGES.sitemap],
  },
  {
    key: "Footer.Groups.Help",
    pages: [PAGES.faq, PAGES.rules, PAGES.agreement, PAGES.contact, PAGES.forgot],
  },
];

export function SiteFooter() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <p className="footer__name">{t("Site.Name")}</p>
          <p className="footer__tagline">{t("Footer.Tagline")}</p>
        </div>
        <nav className="footer__nav" aria-label={t("Footer.NavLabel")}>
          {GROUPS.map((group) => (
            <div key={group.key} className="footer__group">
              <h2 className="footer__heading">{t(group.key)}</h2>
              <ul className="footer__links">
                {group.pages.map((page) => (
                  <li key={page.path}>
                    <Link to={href(page.path)}>{t(page.name)}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="footer__copyright">
          {t("Footer.Copyright", { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
