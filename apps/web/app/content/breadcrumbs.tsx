import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";

export interface Crumb {
  /** Path without a locale prefix. */
  path: string;
  name: string;
}

/** Home › … › the current page; the current one is text, not a link to itself. */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const crumbs = [{ path: "/", name: t("Content.Home") }, ...trail];
  return (
    <nav className="crumbs" aria-label={t("Content.BreadcrumbsLabel")}>
      <ol className="crumbs__list">
        {crumbs.map((crumb) => (
          <li key={crumb.path}>
            <Link to={href(crumb.path)}>{crumb.name}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
