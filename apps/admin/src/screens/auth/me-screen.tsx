import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { ApiError, consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { useI18n } from "../../i18n.tsx";
import { type Operator, setSession, useSession } from "../../session/session.ts";
import { Field } from "../../ui/field.tsx";

/**
 * The operator's own account: the password, and the second factor (decision 028). An
 * operator who must enrol first (an admin under ADMIN_REQUIRE_2FA) lands here.
 */
export function MeScreen({
  operator,
  onChanged,
}: {
  operator: Operator;
  onChanged: (operator: Operator) => void;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="me-title">
      <h1 id="me-title">{t("Console.Me.Title")}</h1>
      {operator.totp_enrolment_required && (
        <p className="notice notice--error" role="alert">
          {t("Console.TotpEnrolmentRequired")}
        </p>
      )}
      <TotpCard operator={operator} onChanged={onChanged} />
      <PasswordCard />
    </section>
  );
}

function TotpCard({
  operator,
  onChanged,
}: {
  operator: Operator;
  onChanged: (operator: Operator) => void;
}) {
  const { t } = useI18n();
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string } | null>(null);
  const [code, setCode] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");

  async function start() {
    setMessage("");
    try {
      const result = await consoleApi().startTotp();
      // Loaded only here: the QR library is not needed on any other screen.
      const { default: QRCode } = await import("qrcode");
      const qr = await QRCode.toString(result.otpauth_uri, { type: "svg", margin: 2 });
      setEnrolment({ secret: result.secret, qr });
    } catch (error) {
      setMessage(errorText(error, t));
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setFields({});
    setMessage("");
    try {
      const { operator: updated } = await consoleApi().confirmTotp(code.trim());
      setEnrolment(null);
      onChanged(updated);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        setFields(error.fields);
      else setMessage(errorText(error, t));
    }
  }

  return (
    <div className="card">
      <h2>{t("Console.Me.Totp")}</h2>
      {operator.totp_enabled ? (
        <p>{t("Console.Me.TotpOn")}</p>
      ) : enrolment ? (
        <form onSubmit={confirm} noValidate className="form-grid">
          <p>{t("Console.Me.TotpScan")}</p>
          {/* SVG markup drawn by the qrcode library from the API's otpauth URI: paths only. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user markup */}
          <div className="qr" dangerouslySetInnerHTML={{ __html: enrolment.qr }} />
          <p>
            {t("Console.Me.TotpKey")} <code className="mono wrap">{enrolment.secret}</code>
          </p>
          <Field id="totp-code" label={t("Console.Login.Totp")} error={fields.totp}>
            <input
              id="totp-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={fields.totp ? true : undefined}
              aria-describedby={fields.totp ? "totp-code-error" : undefined}
            />
          </Field>
          <button type="submit" className="button">
            {t("Console.Me.TotpConfirm")}
          </button>
        </form>
      ) : (
        <>
          <p>{t("Console.Me.TotpOff")}</p>
          <button type="button" className="button" onClick={start}>
            {t("Console.Me.TotpStart")}
          </button>
        </>
      )}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

function PasswordCard() {
  const { t } = useI18n();
  const [oldPassword, setOldPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFields({});
    setMessage("");
    setDone(false);
    try {
      await consoleApi().changePassword({ old_password: oldPassword, new_password: newPassword });
      setOldPassword("");
      setNewPassword("");
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        setFields(error.fields);
      else setMessage(errorText(error, t));
    }
  }

  return (
    <form className="card form-grid" onSubmit={submit} noValidate aria-labelledby="password-title">
      <h2 id="password-title">{t("Console.Me.Password")}</h2>
      <Field id="old-password" label={t("Console.Me.OldPassword")} error={fields.old_password}>
        <input
          id="old-password"
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(event) => setOldPassword(event.target.value)}
          aria-invalid={fields.old_password ? true : undefined}
          aria-describedby={fields.old_password ? "old-password-error" : undefined}
        />
      </Field>
      <Field id="new-password" label={t("Console.Me.NewPassword")} error={fields.new_password}>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          aria-invalid={fields.new_password ? true : undefined}
          aria-describedby={fields.new_password ? "new-password-error" : undefined}
        />
      </Field>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      {done && (
        <p className="notice" role="status">
          {t("Console.Me.PasswordChanged")}
        </p>
      )}
      <button type="submit" className="button">
        {t("Console.Save")}
      </button>
    </form>
  );
}

/** `/admin/me`: the signed-in operator's own screen. */
export function MeRoute() {
  const session = useSession();
  const { revalidate } = useRevalidator();
  if (session.state !== "signed-in") return null;
  return (
    <MeScreen
      operator={session.operator}
      onChanged={(operator) => {
        setSession({ state: "signed-in", operator });
        void revalidate();
      }}
    />
  );
}
