import { isRouteErrorResponse, Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import "./error-page.css";

/**
 * The error screen of spec §2/§8: a title, a large status, a description, a button home and
 * three lines of explanation. Non-404 errors keep the layout but say what really happened
 * instead of pretending the page is missing.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  // The route's own message (e.g. `Page Not Found: /path`) is safe to show: routes write it.
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  const title = notFound ? t("ErrorPage.Title") : t("ErrorPage.Unexpected.Title");
  return (
    <section className="error-page" aria-labelledby="error-title">
      <title>{title}</title>
      <h1 id="error-title" className="error-page__title">
        {title}
      </h1>
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <p className="error-page__description">
        {notFound ? t("ErrorPage.Description") : t("ErrorPage.Unexpected.Description")}
      </p>
      {detail && <p className="error-page__detail">{detail}</p>}
      <Link to={href("/")} className="button">
        {t("ErrorPage.Button")}
      </Link>
      <ul className="error-page__lines">
        <li>{t("ErrorPage.Text.Line1")}</li>
        <li>{t("ErrorPage.Text.Line2")}</li>
        <li>{t("ErrorPage.Text.Line3")}</li>
      </ul>
    </section>
  );
}
