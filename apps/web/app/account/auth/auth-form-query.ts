import type { AuthForm } from "./auth-form.ts";

/*
 * The address that opens an auth form's modal: `?modal=login|register|reset`, with `next`,
 * the local path to return to after signing in (an account page sends anonymous visitors to
 * `/?modal=login&next=/account/wallets`). Kept apart from auth-form.ts, which holds the
 * forms' checks: this small part is in every page's code (the modal host), the rest loads
 * with the modal.
 */
const FORMS: readonly string[] = ["login", "register", "reset"];

/** The form the query asks for; none while signed in, except the password reset. */
export function authFormFromSearch(search: string, signedIn: boolean): AuthForm | null {
  const form = new URLSearchParams(search).get("modal");
  if (form === null || !FORMS.includes(form)) return null;
  return signedIn && form !== "reset" ? null : (form as AuthForm);
}

/** The query without `modal` and `next`, for the address once the modal closes. */
export function searchWithoutAuthForm(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("modal");
  params.delete("next");
  return params.size > 0 ? `?${params}` : "";
}

/** The same page's address with another form's modal (keeping `next`). */
export function searchWithAuthForm(search: string, form: AuthForm): string {
  const params = new URLSearchParams(search);
  params.set("modal", form);
  return `?${params}`;
}
