import type { ProfileField } from "@obmen/contracts";
import { Form, useNavigation } from "react-router";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import {
  AccountNotice,
  FieldMessage,
  type FormAnswer,
  useFormResult,
} from "../account-form-ui.tsx";

const INPUT_TYPES = { text: "text", phone: "tel", email: "email" } as const;
const AUTOCOMPLETE: Partial<Record<ProfileField["key"], string>> = {
  first_name: "given-name",
  last_name: "family-name",
  phone: "tel",
  email: "email",
};

/**
 * The personal-info form the API describes (`/rest/user/form_fields`: key, type, label in the
 * visitor's language, required, value). Inputs are named like the API's error paths
 * (`fields.phone`), so a refusal lands beside its input.
 */
export function PersonalInfoForm({
  fields,
  answer,
}: {
  fields: ProfileField[] | { unavailable: true };
  answer: FormAnswer | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const result = useFormResult(answer, "personal");
  if ("unavailable" in fields) {
    return (
      <section className="account-card" aria-labelledby="profile-personal">
        <h3 id="profile-personal" className="account-card__title">
          {t("Account.Profile.Personal")}
        </h3>
        <p role="alert" className="account-notice account-notice--problem">
          {t("Account.Unavailable")}
        </p>
      </section>
    );
  }
  return (
    <section className="account-card" aria-labelledby="profile-personal">
      <h3 id="profile-personal" className="account-card__title">
        {t("Account.Profile.Personal")}
      </h3>
      <AccountNotice
        result={answer}
        intent="personal"
        done={t("Account.Profile.Saved")}
        known={fields.map((field) => `fields.${field.key}`)}
      />
      <Form method="post" className="account-form" noValidate>
        <input type="hidden" name="intent" value="personal" />
        {fields.map((field) => {
          const name = `fields.${field.key}`;
          const id = `profile-${field.key}`;
          return (
            <div key={field.key} className="field">
              <label htmlFor={id} className="field__label">
                {field.label}
                {field.required && <span aria-hidden="true"> *</span>}
              </label>
              <input
                {...result.described(name, id)}
                name={name}
                type={INPUT_TYPES[field.type]}
                className="field__input"
                autoComplete={AUTOCOMPLETE[field.key] ?? "off"}
                required={field.required}
                defaultValue={result.value(name) ?? field.value ?? ""}
              />
              {field.key === "email" && (
                <p className="field__hint">{t("Account.Profile.EmailHint")}</p>
              )}
              <FieldMessage id={id} error={result.error(name)} />
            </div>
          );
        })}
        <button type="submit" className="button" disabled={busy}>
          {t("Account.Profile.Save")}
        </button>
      </Form>
    </section>
  );
}
