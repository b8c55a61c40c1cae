import { type FormEvent, useState } from "react";
import { ApiError, consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { useI18n } from "../../i18n.tsx";
import type { Operator } from "../../session/session.ts";
import { LanguageSwitch } from "../../shell/language-switch.tsx";
import { Field } from "../../ui/field.tsx";

/** E-mail and password; the code field appears once the API says the operator has one. */
export function LoginScreen({ onSignedIn }: { onSignedIn: (operator: Operator) => void }) {
  const { t } = useI18n();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [askTotp, setAskTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    setMessage("");
    try {
      const body = { email, password, ...(askTotp ? { totp } : {}) };
      const { operator } = await consoleApi().login(body);
      onSignedIn(operator);
    } catch (error) {
      if (error instanceof ApiError && error.details.totp_required === true) setAskTotp(true);
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
