import type { WebMessageKey as MessageKey } from "@obmen/i18n";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { AuthLinkKind } from "../routing/auth-links.ts";
import { type AuthLinkOutcome, authLinkActionPath } from "./auth-link-outcome.ts";
import {
  checkNewPassword,
  NEW_PASSWORD_FIELDS,
  type NewPasswordField,
  newPasswordMessage,
} from "./new-password-rules.ts";

export const AUTH_LINK_TEXTS = {
  confirm: {
    title: "Modals.RegisterComplete.Title",
    lead: "Modals.RegisterComplete.Lead",
    submit: "Modals.RegisterComplete.Submit",
    done: "Modals.RegisterComplete.Done",
  },
  "confirm-login": {
    title: "Modals.LoginComplete.Title",
    lead: "Modals.LoginComplete.Lead",
    submit: "Modals.LoginComplete.Submit",
    done: "Modals.LoginComplete.Done",
  },
  restore: {
    title: "Modals.ResetComplete.Title",
    lead: "Modals.ResetComplete.Lead",
    submit: "Modals.ResetComplete.Submit",
    done: "Modals.ResetComplete.Done",
  },
} as const satisfies Record<AuthLinkKind, Record<string, MessageKey>>;

interface PanelProps {
  kind: AuthLinkKind;
  /** Whether the link's cookie is there: without it, the link is spent or never was. */
  hasToken: boolean;
  /** The action's answer when the page was posted without JavaScript. */
  initialOutcome?: AuthLinkOutcome;
  /** In a modal: success closes it and says so in a notification. */
  onSuccess?: (message: string) => void;
}

/** The body of the resetComplete, registerComplete and loginComplete modals (spec §2). */
export function AuthLinkPanel(props: PanelProps) {
  return props.kind === "restore" ? (
    <NewPasswordPanel {...props} />
  ) : (
    <ConfirmLinkPanel {...props} />
  );
}

function useAuthLinkFetcher({ kind, hasToken, initialOutcome, onSuccess }: PanelProps) {
  const { t, locale } = useTranslation();
  const fetcher = useFetcher<AuthLinkOutcome>();
  const outcome: AuthLinkOutcome | null =
    fetcher.data ?? initialOutcome ?? (hasToken ? null : { status: "invalid" });
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  const done = fetcher.data?.status === "done";
  useEffect(() => {
    if (done) onSuccessRef.current?.(t(AUTH_LINK_TEXTS[kind].done));
  }, [done, kind, t]);
  return {
    fetcher,
    outcome,
    action: authLinkActionPath(kind, locale),
    busy: fetcher.state !== "idle",
  };
}

/** Confirming a registration or a new login needs no input: with JavaScript it runs at once. */
function ConfirmLinkPanel(props: PanelProps) {
  const { t } = useTranslation();
  const texts = AUTH_LINK_TEXTS[props.kind];
  const { fetcher, outcome, action, busy } = useAuthLinkFetcher(props);
  const started = useRef(false);
  const canSubmit = props.hasToken && (outcome === null || outcome.status === "unavailable");
  useEffect(() => {
    if (started.current || !props.hasToken || props.initialOutcome) return;
    started.current = true;
    void fetcher.submit({ intent: "complete" }, { method: "post", action });
  }, [fetcher, action, props.hasToken, props.initialOutcome]);
  return (
    <>
      <p>{t(texts.lead)}</p>
      <OutcomeMessage outcome={outcome} done={t(texts.done)} />
      {canSubmit && (
        <fetcher.Form method="post" action={action} className="auth-form">
          <input type="hidden" name="intent" value="complete" />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("Modals.AuthLink.Working") : t(texts.submit)}
          </button>
        </fetcher.Form>
      )}
    </>
  );
}

type FieldMessages = Partial<Record<NewPasswordField, string>>;

/** resetComplete: the new password, twice. */
function NewPasswordPanel(props: PanelProps) {
  const { t } = useTranslation();
  const texts = AUTH_LINK_TEXTS.restore;
  const { fetcher, outcome, action, busy } = useAuthLinkFetcher(props);
  // Problems found in the browser on the last submit; the server's come in the outcome.
  const [local, setLocal] = useState<FieldMessages | null>(null);
  const errors: FieldMessages = local ?? (outcome?.status === "fields" ? outcome.fields : {});
  const canSubmit = props.hasToken && outcome?.status !== "invalid" && outcome?.status !== "done";
  const labels: Record<NewPasswordField, MessageKey> = {
    new_password: "Modals.ResetComplete.Password",
    new_password_confirmation: "Modals.ResetComplete.Confirmation",
  };

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const problems = checkNewPassword(
      String(form.get("new_password") ?? ""),
      String(form.get("new_password_confirmation") ?? ""),
    );
    const messages: FieldMessages = {};
    for (const field of NEW_PASSWORD_FIELDS) {
      const problem = problems[field];
      if (problem) messages[field] = newPasswordMessage(t, problem);
    }
    const first = NEW_PASSWORD_FIELDS.find((field) => messages[field]);
    if (first) {
      event.preventDefault();
      setLocal(messages);
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    } else {
      setLocal(null);
    }
  }

  return (
    <>
      <p>{t(texts.lead)}</p>
      <OutcomeMessage outcome={outcome} done={t(texts.done)} />
      {canSubmit && (
        <fetcher.Form
          method="post"
          action={action}
          className="auth-form"
          noValidate
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="complete" />
          {NEW_PASSWORD_FIELDS.map((field) => (
            <div key={field} className="auth-form__field">
              <label htmlFor={`reset-${field}`}>{t(labels[field])}</label>
              <input
                id={`reset-${field}`}
                name={field}
                type="password"
                autoComplete="new-password"
                required
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `reset-${field}-error` : undefined}
              />
              {errors[field] && (
                <span id={`reset-${field}-error`} className="auth-form__error">
                  {errors[field]}
                </span>
              )}
            </div>
          ))}
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("Modals.AuthLink.Working") : t(texts.submit)}
          </button>
        </fetcher.Form>
      )}
    </>
  );
}

function OutcomeMessage({ outcome, done }: { outcome: AuthLinkOutcome | null; done: string }) {
  const { t } = useTranslation();
  switch (outcome?.status) {
    case "done":
      return (
        <p role="status" className="auth-form__status">
          {done}
        </p>
      );
    case "invalid":
      return (
        <div role="alert" className="auth-form__status auth-form__status--problem">
          <p>{t("Modals.AuthLink.Invalid")}</p>
          <p>{t("Modals.AuthLink.InvalidHint")}</p>
        </div>
      );
    case "unavailable":
      return (
        <p role="alert" className="auth-form__status auth-form__status--problem">
          {t("Modals.AuthLink.Unavailable")}
        </p>
      );
    case "login-required":
      return <LoginRequired />;
    case "refused":
      return (
        <p role="alert" className="auth-form__status auth-form__status--problem">
          {outcome.message}
        </p>
      );
    default:
      return null;
  }
}

/**
 * A login change is confirmed by the account it belongs to: sign in first, and the login modal
 * brings the visitor back here, where the link (still in its cookie) is confirmed.
 */
function LoginRequired() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const next = new URLSearchParams({ modal: "login", next: "/?confirm_login=1" });
  return (
    <div role="alert" className="auth-form__status auth-form__status--problem">
      <p>{t("Modals.LoginComplete.LoginFirst")}</p>
      <p>
        <Link to={`${pathname}?${next}`}>{t("Modals.Login.Submit")}</Link>
      </p>
    </div>
  );
}
