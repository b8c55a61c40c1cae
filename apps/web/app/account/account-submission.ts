import { stripLocalePrefix } from "../i18n/locale.ts";

/**
 * Posts after which the visitor may be signed in or out, or their login may have changed:
 * the auth forms, the e-mailed links' modals (confirming signs in) and the account pages.
 */
const ACCOUNT_ACTIONS = [
  "/login",
  "/register",
  "/reset",
  "/logout",
  "/account",
  "/confirm",
  "/confirm-login",
  "/restore",
];

export function isAccountSubmission(
  formMethod: string | undefined,
  formAction: string | undefined,
): boolean {
  if (!formMethod || formMethod.toUpperCase() === "GET" || !formAction) return false;
  const path = stripLocalePrefix(formAction.split("?")[0]!);
  return ACCOUNT_ACTIONS.some((action) => path === action || path.startsWith(`${action}/`));
}
