import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { ApiError } from "../api/client.ts";
import { errorText } from "../api/error-text.ts";
import { useI18n } from "../i18n.tsx";
import { ScreenNotShown } from "../session/session.ts";

/**
 * Every route's error boundary (issue 26 point 1): a screen whose data could not be loaded or
 * read, or that failed while drawing, shows why and a retry in its place; the header and the
 * menu stay, so the operator can go elsewhere. A role's refusal and an unknown address are
 * said as such, with nothing to retry.
 */
export function RouteError() {
  const { t } = useI18n();
  const error = useRouteError();
  const revalidator = useRevalidator();
  // The shell shows the sign-in or the second factor's screen instead of this one.
  if (error instanceof ScreenNotShown) return null;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (error instanceof ApiError && error.status === 403) return <Forbidden />;
  const known = error instanceof ApiError;
  const detail = !known && error instanceof Error ? error.message : "";
  return (
    <div className="notice notice--error screen-error" role="alert">
      <p className="screen-error__title">
        {known ? errorText(error, t) : t("Console.ScreenError.Title")}
      </p>
      {detail && (
        <details>
          <summary>{t("Console.ScreenError.Details")}</summary>
          <pre className="mono wrap">{detail}</pre>
        </details>
      )}
      <button
        type="button"
        className="button"
        disabled={revalidator.state !== "idle"}
        onClick={() => void revalidator.revalidate()}
      >
        {t("Console.ScreenError.Retry")}
      </button>
    </div>
  );
}

export function NotFound() {
  const { t } = useI18n();
  return <p className="notice">{t("Console.NotFound")}</p>;
}

export function Forbidden() {
  const { t } = useI18n();
  return (
    <p className="notice notice--error" role="alert">
      {t("Console.Forbidden")}
    </p>
  );
}
