import { createElement, type FormEvent, useEffect, useState } from "react";
import { ApiError, api, type Operator } from "../api.ts";
import { errorText, LanguageSwitch } from "../app.tsx";
import { useI18n } from "../i18n.tsx";

/**
 * E-mail and password; the code field appears once the API says the operator has one, the
 * captcha once it asks for one (`CAPTCHA_REQUIRED`, after failures: issue 26 point 3).
 */
export function LoginScreen({ onSignedIn }: { onSignedIn: (operator: Operator) => void }) {
  const { t } = useI18n();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [askTotp, setAskTotp] = useState(false);
  // A solution works once: each attempt that carried one mounts a fresh widget (its key).
  const [captchaRound, setCaptchaRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const captcha = new FormData(event.currentTarget).get("captcha");
    setBusy(true);
    setFields({});
    setMessage("");
    try {
      const body = {
        email,
        password,
        ...(askTotp ? { totp } : {}),
        ...(typeof captcha === "string" && captcha !== "" ? { captcha } : {}),
      };
      const { operator } = await api<{ operator: Operator }>("POST", "/login", body);
      onSignedIn(operator);
    } catch (error) {
      if (error instanceof ApiError && error.details.totp_required === true) setAskTotp(true);
      if (captchaRound > 0 || (error instanceof ApiError && error.code === "CAPTCHA_REQUIRED"))
        setCaptchaRound((round) => round + 1);
      if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        setFields(error.fields);
      else setMessage(errorText(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <form className="card login__form" onSubmit={submit} noValidate>
        <div className="login__head">
          <h1>{t("Console.Login.Title")}</h1>
          <LanguageSwitch />
        </div>
        <Field id="login-email" label={t("Console.Login.Email")} error={fields.email}>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fields.email ? true : undefined}
            aria-describedby={fields.email ? "login-email-error" : undefined}
          />
        </Field>
        <Field id="login-password" label={t("Console.Login.Password")} error={fields.password}>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fields.password ? true : undefined}
            aria-describedby={fields.password ? "login-password-error" : undefined}
          />
        </Field>
        {askTotp && (
          <Field id="login-totp" label={t("Console.Login.Totp")} error={fields.totp}>
            <input
              id="login-totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={8}
              value={totp}
              onChange={(e) => setTotp(e.target.value)}
              aria-invalid={fields.totp ? true : undefined}
              aria-describedby={fields.totp ? "login-totp-error" : undefined}
            />
          </Field>
        )}
        {captchaRound > 0 && <CaptchaWidget key={captchaRound} error={fields.captcha} />}
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {t("Console.Login.Submit")}
        </button>
      </form>
    </main>
  );
}

/** A label above its input and the API's message for it below, tied by id. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

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
function CaptchaWidget({ error }: { error?: string }) {
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
