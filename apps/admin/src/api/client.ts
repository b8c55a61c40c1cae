import { AdminApiError, type AdminClient, createAdminClient } from "@obmen/contracts/admin-client";

/**
 * The console's one way to the server: the contracts' typed client (decision 048), which
 * parses every answer with its route's schema and throws `AdminApiError` for a refusal, so a
 * screen shows `fields` under its inputs and the message otherwise. A 401 from any call tells
 * the session (it returns to sign-in).
 */
export { AdminApiError as ApiError, type AdminClient };

let language = "ru";
let onUnauthorized: (error: AdminApiError) => void = () => {};

/** The API words its errors in this language (Accept-Language, decision 016). */
export function setApiLanguage(locale: string): void {
  language = locale;
}

/** Called by the session once: a 401 anywhere signs the operator out of the UI. */
export function setUnauthorizedListener(listener: (error: AdminApiError) => void): void {
  onUnauthorized = listener;
}

/**
 * The client for one use: a route's loader passes its request's signal, so leaving the screen
 * cancels its calls; a form's call passes none.
 */
export function consoleApi(signal?: AbortSignal): AdminClient {
  return createAdminClient({
    signal,
    lang: () => language,
    onUnauthorized: (error) => onUnauthorized(error),
  });
}
