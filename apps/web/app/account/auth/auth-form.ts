import { checkPasswordLength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@obmen/domain";
import type { WebTranslate as Translate } from "@obmen/i18n";
import { type Locale, localizePath } from "../../i18n/locale.ts";

/**
 * The three forms of the login, register and reset modals (spec §2). Each posts to its own
 * page (`/login`, `/register`, `/reset`): with JavaScript through a fetcher, so the modal stays
 * where it is; without, as a plain form whose answer renders the same form as a page.
 */
export const AUTH_FORMS = ["login", "register", "reset"] as const;
export type AuthForm = (typeof AUTH_FORMS)[number];

export function isAuthForm(value: unknown): value is AuthForm {
  return typeof value === "string" && (AUTH_FORMS as readonly string[]).includes(value);
}

/** Where a form posts, in the visitor's language. */
export function authFormPath(form: AuthForm, locale: Locale): string {
  return localizePath(locale, `/${form}`);
}

/** What the action answered; field messages are already in the visitor's language. */
export type AuthFormOutcome =
  /** Problems to show beside their inputs (`email`, `password`, `agreement`, `captcha`, `totp`). */
  | {
      status: "fields";
      fields: Record<string, string>;
      /** What was typed (never a password), for the form rendered again without JavaScript. */
      email: string;
      /** The API wants a captcha solved with the next try. */
      captcha?: boolean;
      /** The account has a second factor: the next try needs its code. */
      totp?: boolean;
    }
  /** Register or reset: the letter is on its way (if the address can have one). */
  | { status: "sent"; email: string }
  /** The API could not be reached or failed: trying again later may work. */
  | { status: "unavailable"; email: string }
  /** Any other refusal, worded by the API in the visitor's language. */
  | { status: "refused"; message: string; email: string };

export interface AuthFormValues {
  email: string;
  password: string;
  agreement: boolean;
}

/**
 * The checks the browser can make before the API sees the form, shared by the modal and the
 * action so both say the same. The API checks everything again (and the common passwords,
 * too many for a browser: decision 024).
 */
export function checkAuthForm(
  form: AuthForm,
  values: AuthFormValues,
  t: Translate,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const email = values.email.trim();
  if (email.length === 0) problems.email = t("Account.Auth.EmailRequired");
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 320) {
    problems.email = t("Account.Auth.EmailInvalid");
  }
  if (form === "reset") return problems;
  if (form === "login") {
    if (values.password.length === 0) problems.password = t("Password.Required");
    return problems;
  }
  switch (checkPasswordLength(values.password)) {
    case "Required":
      problems.password = t("Password.Required");
      break;
    case "TooShort":
      problems.password = t("Password.TooShort", { count: PASSWORD_MIN_LENGTH });
      break;
    case "TooLong":
      problems.password = t("Password.TooLong", { count: PASSWORD_MAX_LENGTH });
      break;
  }
  if (!values.agreement) problems.agreement = t("Account.Auth.AgreementRequired");
  return problems;
}
