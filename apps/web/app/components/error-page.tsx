import { useEffect } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { isAssetLoadError } from "../routing/reload-guard.ts";
import { reloadIfAllowed } from "../routing/use-reload-guard.ts";
import "./error-page.css";

/**
 * The error screen of spec §2/§8: a title, a large status, a description, a button home and
 * three lines of explanation (ErrorPage.Title, Description, Button, Text.Line1–3). A missing
 * page shows exactly that with 404. Any other failure keeps the same screen, but with its real
 * status and the "Unexpected" title and description: a large 404 on a server failure would
 * send the visitor hunting for a typo in a correct address (docs/decisions).
 */
const NOT_FOUND_MESSAGE = /^Page Not Found: (.*)$/s;

export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  // The route's own message (e.g. `Page Not Found: /path`) is safe to show: routes write it.
  // Thrown errors never are: in production React Router replaces their message anyway.
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  // The spec words the missing page's message in English (`Page Not Found: {path}`); the page
  // shows it in its own language.
  const missingPath = detail?.match(NOT_FOUND_MESSAGE)?.[1];
  const title = notFound ? t("ErrorPage.Title") : t("ErrorPage.Unexpected.Title");
  useEffect(() => {
    // A script of the new deploy is missing here: reload once to fetch it (spec §9's guard).
    if (isAssetLoadError(error)) reloadIfAllowed();
  }, [error]);
  return (
    <section className="error-page" aria-labelledby="error-title">
      <title>{`${title} — ${t("Site.Name")}`}</title>
      <meta name="robots" content="noindex" />
      <h1 id="error-title" className="error-page__title">
        {title}
      </h1>
      <p className="error-page__status" aria-hidden="true">
        {status}
      </p>
      <p className="error-page__description">
        {notFound ? t("ErrorPage.Description") : t("ErrorPage.Unexpected.Description")}
      </p>
      {detail && (
        <p className="error-page__detail">
          {missingPath === undefined ? detail : t("ErrorPage.Path", { path: missingPath })}
        </p>
      )}
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
