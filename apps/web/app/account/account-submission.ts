/**
 * Posts after which the visitor may be signed in or out, or their login may have changed:
 * the auth forms, the e-mailed links' modals (confirming signs in) and the account pages, in
 * any language. A regular expression rather than a list, as it is in every page's code.
 */
const ACCOUNT_ACTION =
  /^(?:\/(?:en|uk))?\/(?:login|register|reset|logout|account|confirm|confirm-login|restore)(?:[/?]|$)/;

export function isAccountSubmission(
  formMethod: string | undefined,
  formAction: string | undefined,
): boolean {
  return Boolean(
    formMethod &&
      formMethod.toUpperCase() !== "GET" &&
      formAction &&
      ACCOUNT_ACTION.test(formAction),
  );
}
