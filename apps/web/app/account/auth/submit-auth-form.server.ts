import type { CallerContext, ObmenClient } from "@obmen/contracts/sdk";
import type { WebTranslate as Translate } from "@obmen/i18n";
import { isApiCallError } from "../../api-call-error.ts";
import { textField } from "../read-form.server.ts";
import { type AuthForm, type AuthFormOutcome, checkAuthForm } from "./auth-form.ts";

export type AuthFormResult = { status: "signed-in"; token: string } | AuthFormOutcome;

/** The affiliate `rid` (spec §4), passed on as given when it looks like one. */
const RID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One submit of the login, register or reset form: the shared checks first, then the API
 * (with the visitor's IP, language and browser), its refusal turned into what the form shows.
 * A login answers the new session's token; the caller sets the cookie.
 */
export async function submitAuthForm(options: {
  api: ObmenClient;
  caller: CallerContext;
  form: AuthForm;
  data: FormData;
  t: Translate;
  userAgent: string | null;
  rid: string | null;
}): Promise<AuthFormResult> {
  const { api, caller, form, data, t } = options;
  const email = textField(data, "email").trim();
  const password = textField(data, "password");
  const captcha = textField(data, "captcha") || undefined;
  const totp = textField(data, "totp").replace(/\s/g, "") || undefined;
  const problems = checkAuthForm(
    form,
    { email, password, agreement: data.get("agreement") === "on" },
    t,
  );
  if (Object.keys(problems).length > 0) {
    return { status: "fields", fields: problems, email, captcha: Boolean(captcha) || undefined };
  }
  const userAgent = options.userAgent?.slice(0, 512) || undefined;
  try {
    switch (form) {
      case "login": {
        const signedIn = await api.user.login(caller, {
          email,
          password,
          captcha,
          user_agent: userAgent,
          ...(totp ? { totp } : {}),
        });
        return { status: "signed-in", token: signedIn.user_auth_token };
      }
      case "register": {
        const rid = options.rid !== null && RID.test(options.rid) ? options.rid : undefined;
        await api.user.register(caller, { email, password, agreement: true, rid, captcha });
        return { status: "sent", email };
      }
      case "reset":
        await api.user.restore(caller, { email, captcha });
        return { status: "sent", email };
    }
  } catch (error) {
    return refusalOutcome(error, email, Boolean(captcha));
  }
}

/**
 * Spec §8: the login form shows the error body's fields as they are (the API words them in
 * the request's language). A captcha or second-factor demand keeps the form and adds the
 * widget or the code input; a failure on our side is "try again later".
 */
export function refusalOutcome(
  error: unknown,
  email: string,
  hadCaptcha: boolean,
): AuthFormOutcome {
  if (!isApiCallError(error)) throw error;
  if (error.status >= 500) return { status: "unavailable", email };
  const { code, message, fields } = error.body.error;
  const captcha = code === "CAPTCHA_REQUIRED" || (hadCaptcha && Boolean(fields?.captcha));
  const totp = code === "TOTP_REQUIRED" || Boolean(fields?.totp);
  if (fields && Object.keys(fields).length > 0) {
    return {
      status: "fields",
      fields: { ...fields },
      email,
      ...(captcha ? { captcha } : {}),
      ...(totp ? { totp } : {}),
    };
  }
  if (captcha || totp) {
    const key = captcha ? "captcha" : "totp";
    return { status: "fields", fields: { [key]: message }, email, captcha, totp };
  }
  return { status: "refused", message, email };
}
