import { createElement, useEffect, useState } from "react";
import { useI18n } from "../../i18n.tsx";

/** The widget's own texts in the console's language (English is built in). */
const WIDGET_TEXTS: Record<string, () => Promise<unknown>> = {
  ru: () => import("altcha/i18n/ru"),
  uk: () => import("altcha/i18n/uk"),
};

/**
 * The site's self-hosted ALTCHA proof of work (decision 026), loaded only when the API asks:
 * its "external" build and our own worker file, as the console's CSP (`default-src 'self'`)
 * allows, with a challenge from `GET /api/captcha/challenge`. Solved, it puts its payload in
 * the form as `captcha`.
 */
export function CaptchaWidget({ error }: { error?: string }) {
  const { t, locale } = useI18n();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([
      loadAltcha(),
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
    <div className="field">
      <span>{t("Console.LoginCaptcha.Label")}</span>
      {challenge &&
        createElement("altcha-widget", {
          challenge,
          name: "captcha",
          language: locale,
          auto: "onload",
        })}
      {failed && (
        <p className="field__error" role="alert">
          {t("Console.LoginCaptcha.Unavailable")}
        </p>
      )}
      {error && (
        <p className="field__error" id="login-captcha-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

let altchaLoaded: Promise<void> | undefined;

function loadAltcha(): Promise<void> {
  altchaLoaded ??= (async () => {
    await Promise.all([import("altcha/external"), import("altcha/altcha.css")]);
    const { default: Pbkdf2Worker } = await import("altcha/workers/pbkdf2?worker");
    $altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
  })();
  return altchaLoaded;
}
