import { createElement, useEffect, useState } from "react";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import type { Locale } from "../../i18n/locale.ts";

/** The widget's own texts in the page's language (English is built in). */
const WIDGET_TEXTS: Partial<Record<Locale, () => Promise<unknown>>> = {
  ru: () => import("altcha/i18n/ru"),
  uk: () => import("altcha/i18n/uk"),
};

/**
 * The captcha the API asks for after repeated failures (`CAPTCHA_REQUIRED`, decision 026):
 * the self-hosted ALTCHA proof-of-work widget, loaded only now (it is not in any page's
 * bundle; altcha-widget.client.ts loads it as the CSP allows), with a challenge from
 * `GET /api/captcha/challenge`. Solved, it puts its payload in the form as `captcha`. Each
 * attempt mounts a fresh one (a solution works once). Without JavaScript there is no proof of
 * work to do: the field then only shows the API's message.
 */
export function CaptchaField({ error, errorId }: { error: string | undefined; errorId: string }) {
  const { t, locale } = useTranslation();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([
      import("./altcha-widget.client.ts"),
      WIDGET_TEXTS[locale]?.(),
      fetch("/api/captcha/challenge", { cache: "no-store" }).then((answer) => answer.json()),
    ])
      .then(([, , body]) => {
        const data = (body as { data?: { enabled?: boolean; challenge?: unknown } }).data;
        if (live && data?.enabled && data.challenge) setChallenge(JSON.stringify(data.challenge));
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [locale]);

  return (
    <div className="auth-form__field">
      <span className="auth-form__label">{t("Account.Auth.Captcha")}</span>
      {challenge &&
        createElement("altcha-widget", {
          challenge,
          name: "captcha",
          language: locale,
          auto: "onload",
        })}
      {failed && (
        <span role="alert" className="auth-form__error">
          {t("Account.Auth.Unavailable")}
        </span>
      )}
      {error && (
        <span id={errorId} className="auth-form__error">
          {error}
        </span>
      )}
    </div>
  );
}
