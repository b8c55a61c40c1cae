import { PASSWORD_MIN_LENGTH } from "@obmen/domain";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import {
  AccountNotice,
  FieldMessage,
  type FormAnswer,
  useFormResult,
} from "../account-form-ui.tsx";

const FIELDS = [
  { name: "old_password", label: "Account.Profile.OldPassword", autoComplete: "current-password" },
  { name: "new_password", label: "Account.Profile.NewPassword", autoComplete: "new-password" },
  {
    name: "new_password_confirmation",
    label: "Account.Profile.NewPasswordAgain",
    autoComplete: "new-password",
  },
] as const;

/** Changing the password ends every other session (decision 024); this one stays. */
export function PasswordForm({ answer }: { answer: FormAnswer | undefined }) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const result = useFormResult(answer, "password");
  return (
    <section className="account-card" aria-labelledby="profile-password">
      <h3 id="profile-password" className="account-card__title">
        {t("Account.Profile.Password")}
      </h3>
      <AccountNotice
        result={answer}
        intent="password"
        done={t("Account.Profile.PasswordChanged")}
        known={FIELDS.map((field) => field.name)}
      />
      <Form method="post" className="account-form" noValidate key={result.formKey}>
        <input type="hidden" name="intent" value="password" />
        {FIELDS.map((field) => {
          const id = `profile-${field.name}`;
          return (
            <div key={field.name} className="field">
              <label htmlFor={id} className="field__label">
                {t(field.label)}
              </label>
              <input
                {...result.described(field.name, id)}
                name={field.name}
                type="password"
                className="field__input"
                autoComplete={field.autoComplete}
                required
              />
              {field.name === "new_password" && (
                <p className="field__hint">
                  {t("Account.Auth.PasswordRules", { count: PASSWORD_MIN_LENGTH })}
                </p>
              )}
              <FieldMessage id={id} error={result.error(field.name)} />
            </div>
          );
        })}
        <button type="submit" className="button" disabled={busy}>
          {t("Account.Profile.ChangePassword")}
        </button>
      </Form>
    </section>
  );
}
