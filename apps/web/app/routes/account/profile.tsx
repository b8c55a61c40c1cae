import { data } from "react-router";
import {
  type AccountFormResult,
  loadAccountData,
  runAccountAction,
} from "../../account/account-api.server.ts";
import { PasswordForm } from "../../account/profile/password-form.tsx";
import { PersonalInfoForm } from "../../account/profile/personal-info-form.tsx";
import { SessionList } from "../../account/profile/session-list.tsx";
import { TotpSection, type TotpSetup } from "../../account/profile/totp-section.tsx";
import { readForm, textField } from "../../account/read-form.server.ts";
import { requireUser } from "../../account/visitor.server.ts";
import { getServerT } from "../../i18n/catalogs.server.ts";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import {
  checkNewPassword,
  NEW_PASSWORD_FIELDS,
  newPasswordMessage,
} from "../../modals/new-password-rules.ts";
import { webContext } from "../../web-context.server.ts";
import type { Route } from "./+types/profile";

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PROFILE_KEYS = ["first_name", "last_name", "phone", "telegram", "email"] as const;

/**
 * `/account/profile`: personal information (the API's form_fields, whose `email` is the
 * login: changing it mails a confirmation link to the new address), the password, and the
 * active sessions, each of which can be ended (issue 13).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { caller, user } = await requireUser(context, request);
  const { api } = context.get(webContext);
  const [fields, sessions] = await Promise.all([
    loadAccountData(context, request, () => api.user.formFields(caller)),
    loadAccountData(context, request, () => api.user.sessions.list(caller)),
  ]);
  return { fields, sessions, totpEnabled: user.totp_enabled };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { caller, locale } = await requireUser(context, request);
  const t = getServerT(locale);
  const form = await readForm(request);
  const { api } = context.get(webContext);
  const unavailable = t("Account.Unavailable");
  const intent = textField(form, "intent");
  const answer = (result: AccountFormResult, values?: Record<string, string>) =>
    data({ ...result, values }, { status: result.ok ? 200 : 422 });

  switch (intent) {
    case "personal": {
      const values = Object.fromEntries(
        PROFILE_KEYS.flatMap((key) =>
          form.has(`fields.${key}`)
            ? [[`fields.${key}`, textField(form, `fields.${key}`).trim()]]
            : [],
        ),
      );
      let loginChange = false;
      const result = await runAccountAction(
        context,
        request,
        intent,
        async () => {
          const done = await api.user.updatePersonalInfo(caller, {
            fields: Object.entries(values).map(([name, value]) => ({
              key: name.slice("fields.".length),
              value,
            })),
          });
          loginChange = done.login_change_sent;
        },
        unavailable,
      );
      if (result.ok && loginChange) result.notice = t("Account.Profile.LoginChangeSent");
      return answer(result, values);
    }
    case "password": {
      const oldPassword = textField(form, "old_password");
      const newPassword = textField(form, "new_password");
      const problems = checkNewPassword(newPassword, textField(form, "new_password_confirmation"));
      const fields: Record<string, string> = {};
      if (oldPassword.length === 0) fields.old_password = t("Password.Required");
      for (const field of NEW_PASSWORD_FIELDS) {
        const problem = problems[field];
        if (problem) fields[field] = newPasswordMessage(t, problem);
      }
      if (Object.keys(fields).length > 0) return answer({ intent, ok: false, fields });
      return answer(
        await runAccountAction(
          context,
          request,
          intent,
          () =>
            api.user.updatePassword(caller, {
              old_password: oldPassword,
              new_password: newPassword,
            }),
          unavailable,
        ),
      );
    }
    case "end-session": {
      const id = textField(form, "id");
      if (!SESSION_ID.test(id)) throw data("Bad Request", { status: 400 });
      return answer(
        await runAccountAction(
          context,
          request,
          intent,
          () => api.user.sessions.revoke(caller, id),
          unavailable,
        ),
      );
    }
    case "totp-setup": {
      let setup: TotpSetup | null = null;
      const result = await runAccountAction(
        context,
        request,
        intent,
        async () => {
          const answer = await api.user.totp.setup(caller);
          setup = { secret: answer.secret, otpauthUri: answer.otpauth_uri, qrSvg: answer.qr_svg };
        },
        unavailable,
      );
      return data({ ...result, setup }, { status: result.ok ? 200 : 422 });
    }
    case "totp-enable": {
      const code = textField(form, "code").replace(/\s/g, "");
      // The secret rides back in the form so a wrong code can show the QR code again.
      const secret = textField(form, "secret");
      const result = code
        ? await runAccountAction(
            context,
            request,
            intent,
            () => api.user.totp.enable(caller, { code }),
            unavailable,
          )
        : ({ intent, ok: false, fields: { code: t("Account.Totp.CodeRequired") } } as const);
      return data(
        { ...result, setup: result.ok ? null : setupAgain(secret) },
        { status: result.ok ? 200 : 422 },
      );
    }
    case "totp-disable": {
      const password = textField(form, "password");
      const code = textField(form, "code").replace(/\s/g, "");
      const fields: Record<string, string> = {};
      if (!password) fields.password = t("Password.Required");
      if (!code) fields.code = t("Account.Totp.CodeRequired");
      if (Object.keys(fields).length > 0) return answer({ intent, ok: false, fields });
      return answer(
        await runAccountAction(
          context,
          request,
          intent,
          () => api.user.totp.disable(caller, { password, code }),
          unavailable,
        ),
      );
    }
    default:
      throw data("Bad Request", { status: 400 });
  }
}

/**
 * After a wrong code the form shows the secret again as text (the QR code needs the API's
 * answer, which a second setup would replace with a new secret).
 */
function setupAgain(secret: string): TotpSetup | null {
  return /^[A-Z2-7]{16,128}$/.test(secret) ? { secret, otpauthUri: "", qrSvg: "" } : null;
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const title = t("Account.Profile.Title");
  return (
    <>
      <title>{`${title} — ${t("Site.Name")}`}</title>
      <h2 className="account-card__title">{title}</h2>
      <PersonalInfoForm fields={loaderData.fields} answer={actionData} />
      <PasswordForm answer={actionData} />
      <TotpSection
        enabled={loaderData.totpEnabled}
        setup={actionData && "setup" in actionData ? (actionData.setup ?? null) : null}
        answer={actionData}
      />
      <SessionList sessions={loaderData.sessions} answer={actionData} />
    </>
  );
}
