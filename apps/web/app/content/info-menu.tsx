import { NavLink } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { INFO_MENU } from "./site-pages.ts";

/** Side menu of the information pages on wide screens; phones have the same links in the footer. */
export function InfoMenu() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <nav className="info-menu" aria-label={t("Content.InfoNavLabel")}>
      <ul>
        {INFO_MENU.map((page) => (
          <li key={page.path}>
            <NavLink to={href(page.path)} end className="info-menu__link">
              {t(page.name)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
