import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";

const LINKS = [
  { path: "/about", key: "Footer.Nav.About" },
  { path: "/rules", key: "Footer.Nav.Rules" },
  { path: "/agreement", key: "Footer.Nav.Agreement" },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <p className="footer__tagline">{t("Footer.Tagline")}</p>
        <nav aria-label={t("Footer.NavLabel")}>
          <ul className="footer__links">
            {LINKS.map((link) => (
              <li key={link.path}>
                <Link to={href(link.path)}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="footer__copyright">
          {t("Footer.Copyright", { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
