import { PASSWORD_MIN_LENGTH } from "@obmen/domain";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { RichText } from "../../i18n/rich-text.tsx";
import { useLocalizedHref } from "../../i18n/use-locale.ts";
import { type AuthForm, type AuthFormOutcome, authFormPath, checkAuthForm } from "./auth-form.ts";
import { CaptchaField } from "./captcha-field.tsx";

/** What the action answers a script's submit of a login that worked (see auth-form-page.tsx). */
export interface SignedInAnswer {
  status: "signed-in";
  next: string;
}

type Answer = AuthFormOutcome | SignedInAnswer;

const TITLES = {
  login: "Modals.Login.Title",
  register: "Modals.Register.Title",
  reset: "Modals.Reset.Title",
} as const;

export function authFormTitle(form: AuthForm) {
  return TITLES[form];
}

/**
 * The login, register or reset form (spec §2), for the modal and for its page. With
 * JavaScript it posts through a fetcher (no reload; a login then moves on to `next`); without,
 * it is a plain form whose answer (`initialOutcome`) renders the page again with the field
 * errors in place. `linkTo` says where "register", "forgot your password?" and such go: another
 * modal over the same page, or the other form's page.
 */
export function AuthFormPanel({
  form,
  next,
  initialOutcome,
  linkTo,
}: {
  form: AuthForm;
  /** The local path to come back to after signing in. */
  next: string;
  initialOutcome?: AuthFormOutcome;
  linkTo: (form: AuthForm) => string;
}) {
  const { t, locale } = useTranslation();
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const fetcher = useFetcher<Answer>({ key: `auth-form-${form}` });
  const [local, setLocal] = useState<Record<string, string> | null>(null);
  const answer = fetcher.data ?? initialOutcome;
  const outcome = answer?.status === "signed-in" ? undefined : answer;
  const errors = local ?? (outcome?.status === "fields" ? outcome.fields : {});
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  // Each answer counts as an attempt: a captcha solution works once, so the next try gets a
  // fresh widget.
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: counts each new answer.
  useEffect(() => setAttempt((count) => count + 1), [fetcher.data]);

  // A login that worked: once the root loader has been reloaded with the user (the fetcher is
  // idle again: starting a navigation during that revalidation loses the navigation's
  // matches), go where the visitor was going.
  const signedInNext =
    fetcher.state === "idle" && fetcher.data?.status === "signed-in" ? fetcher.data.next : null;
  useEffect(() => {
    if (signedInNext !== null) void navigate(signedInNext, { replace: true });
  }, [signedInNext, navigate]);

  // Focus the first input the server found a problem with.
  useEffect(() => {
    if (fetcher.data?.status !== "fields") return;
    const first = Object.keys(fetcher.data.fields)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const problems = checkAuthForm(
      form,
      {
        email: String(data.get("email") ?? ""),
        password: String(data.get("password") ?? ""),
        agreement: data.get("agreement") === "on",
      },
      t,
    );
    const first = Object.keys(problems)[0];
    if (first) {
      setLocal(problems);
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setLocal(null);
    // `via=script`: answer with data rather than a redirect, so the modal can move on itself.
    data.set("via", "script");
    void fetcher.submit(data, { method: "post", action: authFormPath(form, locale) });
  }

  if (outcome?.status === "sent") return <SentMessage form={form} email={outcome.email} />;

  const email = outcome?.email ?? "";
  const needsCaptcha = outcome?.status === "fields" && outcome.captcha === true;
  const needsTotp = outcome?.status === "fields" && outcome.totp === true;
  const id = (name: string) => `${form}-${name}`;
  const described = (name: string, hint?: string) => {
    const ids = [hint, errors[name] ? id(`${name}-error`) : undefined].filter(Boolean).join(" ");
    return {
      id: id(name),
      name,
      "aria-invalid": errors[name] ? true : undefined,
      "aria-describedby": ids || undefined,
    } as const;
  };
  const error = (name: string) =>
    errors[name] ? (
      <span id={id(`${name}-error`)} className="auth-form__error">
        {errors[name]}
      </span>
    ) : null;

  return (
    <>
      {form === "reset" && <p>{t("Modals.Reset.Lead")}</p>}
      {form === "register" && <p>{t("Modals.Register.Lead")}</p>}
      {outcome?.status === "unavailable" && (
        <p role="alert" className="auth-form__status auth-form__status--problem">
          {t("Account.Auth.Unavailable")}
        </p>
      )}
      {outcome?.status === "refused" && (
        <p role="alert" className="auth-form__status auth-form__status--problem">
          {outcome.message}
        </p>
      )}
      <form
        ref={formRef}
        method="post"
        action={authFormPath(form, locale)}
        className="auth-form"
        noValidate
        onSubmit={onSubmit}
      >
        <input type="hidden" name="next" value={next} />
        <div className="auth-form__field">
          <label htmlFor={id("email")}>{t("Account.Auth.Email")}</label>
          <input
            {...described("email")}
            type="email"
            inputMode="email"
            autoComplete={form === "register" ? "email" : "username"}
            spellCheck={false}
            required
            defaultValue={email}
          />
          {error("email")}
        </div>
        {form !== "reset" && (
          <div className="auth-form__field">
            <label htmlFor={id("password")}>{t("Account.Auth.Password")}</label>
            <input
              {...described("password", form === "register" ? id("password-rules") : undefined)}
              type="password"
              autoComplete={form === "register" ? "new-password" : "current-password"}
              required
              minLength={form === "register" ? PASSWORD_MIN_LENGTH : undefined}
            />
            {form === "register" && (
              <span id={id("password-rules")} className="auth-form__hint">
                {t("Account.Auth.PasswordRules", { count: PASSWORD_MIN_LENGTH })}
              </span>
            )}
            {error("password")}
          </div>
        )}
        {(needsTotp || errors.totp) && (
          <div className="auth-form__field">
            <label htmlFor={id("totp")}>{t("Account.Auth.Totp")}</label>
            <input
              {...described("totp", id("totp-hint"))}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={8}
            />
            <span id={id("totp-hint")} className="auth-form__hint">
              {t("Account.Auth.TotpHint")}
            </span>
            {error("totp")}
          </div>
        )}
        {form === "register" && (
          <div className="auth-form__check">
            <input
              {...described("agreement")}
              type="checkbox"
              required
              onChange={() => setLocal((problems) => problems && { ...problems, agreement: "" })}
            />
            <label htmlFor={id("agreement")}>
              <RichText
                text={t("Account.Auth.Agreement")}
                components={{
                  rules: <Link to={href("/rules")} target="_blank" />,
                  agreement: <Link to={href("/agreement")} target="_blank" />,
                }}
              />
            </label>
            {error("agreement")}
          </div>
        )}
        {(needsCaptcha || errors.captcha) && (
          <CaptchaField key={attempt} error={errors.captcha} errorId={id("captcha-error")} />
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? t("Account.Auth.Working") : t(SUBMITS[form])}
        </button>
      </form>
      <AuthFormLinks form={form} linkTo={linkTo} />
    </>
  );
}

const SUBMITS = {
  login: "Modals.Login.Submit",
  register: "Modals.Register.Submit",
  reset: "Modals.Reset.Submit",
} as const;

function AuthFormLinks({ form, linkTo }: { form: AuthForm; linkTo: (form: AuthForm) => string }) {
  const { t } = useTranslation();
  return (
    <p className="auth-form__links">
      {form === "login" && (
        <>
          <Link to={linkTo("reset")} replace>
            {t("Modals.Login.Forgot")}
          </Link>
          <Link to={linkTo("register")} replace>
            {t("Modals.Login.ToRegister")}
          </Link>
        </>
      )}
      {form !== "login" && (
        <Link to={linkTo("login")} replace>
          {t("Modals.ToLogin")}
        </Link>
      )}
    </p>
  );
}

function SentMessage({ form, email }: { form: AuthForm; email: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="auth-form__status">
      <p>
        {form === "register"
          ? t("Modals.Register.Sent", { email })
          : t("Modals.Reset.Sent", { email })}
      </p>
      <p className="auth-form__hint">{t("Account.Auth.SentHint")}</p>
    </div>
  );
}
