import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { pageHref, paginationItems } from "./page-param.ts";

/**
 * Page links of a list, plus `rel=prev/next` in the head for crawlers (React hoists the
 * `<link>`s there). `path` is the list's localised path; page 1 is the bare path.
 */
export function Pagination({ path, page, pages }: { path: string; page: number; pages: number }) {
  const { t } = useTranslation();
  const items = paginationItems(page, pages);
  if (items.length === 0) return null;
  const previous = page > 1 ? pageHref(path, page - 1) : null;
  const next = page < pages ? pageHref(path, page + 1) : null;
  return (
    <nav className="pager" aria-label={t("Content.Pagination.Label")}>
      {previous && <link rel="prev" href={previous} />}
      {next && <link rel="next" href={next} />}
      <ul className="pager__list">
        <li className="pager__step">
          {previous ? (
            <Link to={previous} className="pager__link" rel="prev">
              <span aria-hidden="true">←</span>
              {t("Content.Pagination.Previous")}
            </Link>
          ) : (
            <span className="pager__link pager__link--off" aria-hidden="true">
              <span>←</span>
              {t("Content.Pagination.Previous")}
            </span>
          )}
        </li>
        {items.map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={pageHref(path, item.page)}
                className="pager__link pager__number"
                aria-label={t("Content.Pagination.Page", { page: item.page })}
                aria-current={item.page === page ? "page" : undefined}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li className="pager__step">
          {next ? (
            <Link to={next} className="pager__link" rel="next">
              {t("Content.Pagination.Next")}
              <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <span className="pager__link pager__link--off" aria-hidden="true">
              {t("Content.Pagination.Next")}
              <span>→</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
