import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import {
  AccountNotice,
  FieldMessage,
  type FormAnswer,
  useFormResult,
} from "../account-form-ui.tsx";

/** The new secret, shown once after "switch on" (`/rest/user/totp/setup`). */
export interface TotpSetup {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/**
 * Two-factor authentication (issue 13, decision 026): off → "switch on" shows a QR code and
 * the secret once, and a current code from the app switches it on; on → the password and a
 * code switch it off. Plain forms, so it works without JavaScript too.
 */
export function TotpSection({
  enabled,
  setup,
  answer,
}: {
  enabled: boolean;
  setup: TotpSetup | null;
  answer: FormAnswer | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const enabling = useFormResult(answer, "totp-enable");
  const disabling = useFormResult(answer, "totp-disable");
  return (
    <section className="account-card" aria-labelledby="profile-totp">
      <h3 id="profile-totp" className="account-card__title">
        {t("Account.Totp.Title")}
      </h3>
      <p>{enabled ? t("Account.Totp.On") : t("Account.Totp.Off")}</p>
      <AccountNotice
        result={answer}
        intent="totp-enable"
        done={t("Account.Totp.Enabled")}
        known={["code"]}
      />
      <AccountNotice
        result={answer}
        intent="totp-disable"
        done={t("Account.Totp.Disabled")}
        known={["code", "password"]}
      />
      <AccountNotice result={answer} intent="totp-setup" done="" />
      {!enabled && !setup && (
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="totp-setup" />
          <button type="submit" className="button" disabled={busy}>
            {t("Account.Totp.Start")}
          </button>
        </Form>
      )}
      {!enabled && setup && (
        <Form method="post" className="account-form" noValidate>
          <input type="hidden" name="intent" value="totp-enable" />
          <input type="hidden" name="secret" value={setup.secret} />
          <p>{t("Account.Totp.Scan")}</p>
          {setup.qrSvg && (
            <img
              className="totp-qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
              alt={t("Account.Totp.QrAlt")}
              width={180}
              height={180}
            />
          )}
          <p className="field__hint">
            {t("Account.Totp.Manual")} <code className="account-item__value">{setup.secret}</code>
          </p>
          <CodeField result={enabling} id="totp-enable-code" />
          <button type="submit" className="button" disabled={busy}>
            {t("Account.Totp.Enable")}
          </button>
        </Form>
      )}
      {enabled && (
        <Form method="post" className="account-form" noValidate key={disabling.formKey}>
          <input type="hidden" name="intent" value="totp-disable" />
          <div className="field">
            <label htmlFor="totp-password" className="field__label">
              {t("Account.Profile.OldPassword")}
            </label>
            <input
              {...disabling.described("password", "totp-password")}
              name="password"
              type="password"
              autoComplete="current-password"
              className="field__input"
              required
            />
            <FieldMessage id="totp-password" error={disabling.error("password")} />
          </div>
          <CodeField result={disabling} id="totp-disable-code" />
          <button type="submit" className="button button--secondary" disabled={busy}>
            {t("Account.Totp.Disable")}
          </button>
        </Form>
      )}
    </section>
  );
}

function CodeField({ result, id }: { result: ReturnType<typeof useFormResult>; id: string }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t("Account.Auth.Totp")}
      </label>
      <input
        {...result.described("code", id)}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        className="field__input totp-code"
        required
      />
      <FieldMessage id={id} error={result.error("code")} />
    </div>
  );
}
