import { Link, NavLink } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { LanguageSwitch } from "./language-switch.tsx";

// Placeholders for pages that come later (spec §2); the links already point at their routes.
const NAV = [
  { path: "/", key: "Header.Nav.Exchange" },
  { path: "/reserve", key: "Header.Nav.Reserves" },
  { path: "/rules", key: "Header.Nav.Rules" },
  { path: "/faq", key: "Header.Nav.Faq" },
  { path: "/contact", key: "Header.Nav.Contacts" },
] as const;

export function SiteHeader() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <header className="header">
      <a className="skip-link" href="#main">
        {t("Site.SkipToContent")}
      </a>
      <div className="header__inner">
        <Link to={href("/")} className="logo" aria-label={t("Header.HomeLink")}>
          <span className="logo__mark" aria-hidden="true">
            ⇄
          </span>
          {t("Site.Name")}
        </Link>
        <nav className="nav" aria-label={t("Header.NavLabel")}>
          <ul className="nav__list">
            {NAV.map((item) => (
              <li key={item.path}>
                <NavLink to={href(item.path)} end className="nav__link">
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
