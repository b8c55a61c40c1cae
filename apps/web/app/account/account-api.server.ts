import { type RouterContextProvider, redirect } from "react-router";
import { isApiCallError } from "../api-call-error.ts";
import { localeFromPathname, stripLocalePrefix } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import { UNAVAILABLE } from "./unavailable.ts";
import { loginRedirectPath, visitorState } from "./visitor.server.ts";

/**
 * One account call made for a page. A session that ended meanwhile (401) sends the visitor
 * to the login modal, as the layout does; any other failure leaves the page up with an
 * "unavailable" notice (spec §8: failures loading the user's data are not fatal).
 */
export async function loadAccountData<T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  call: () => Promise<T>,
): Promise<T | typeof UNAVAILABLE> {
  try {
    return await call();
  } catch (error) {
    if (isApiCallError(error) && error.status === 401) throw sessionEnded(context, request);
    context.get(webContext).log.warn({ err: error }, "account page: data call failed");
    return UNAVAILABLE;
  }
}

/** The answer of an account form: done, or what to show beside the inputs or above them. */
export type AccountFormResult =
  | { intent: string; ok: true; notice?: string }
  | { intent: string; ok: false; fields: Record<string, string>; message?: string };

/**
 * One account change made by a form. Field errors come back as the API worded them (in the
 * visitor's language) under the form's input names; other refusals as one message.
 */
export async function runAccountAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  intent: string,
  call: () => Promise<unknown>,
  unavailableMessage: string,
): Promise<AccountFormResult> {
  try {
    await call();
    return { intent, ok: true };
  } catch (error) {
    if (!isApiCallError(error)) throw error;
    if (error.status === 401) throw sessionEnded(context, request);
    if (error.status >= 500) {
      context.get(webContext).log.warn({ err: error }, "account form: call failed");
      return { intent, ok: false, fields: {}, message: unavailableMessage };
    }
    const { fields, message } = error.body.error;
    if (fields && Object.keys(fields).length > 0)
      return { intent, ok: false, fields: { ...fields } };
    return { intent, ok: false, fields: {}, message };
  }
}

function sessionEnded(context: Readonly<RouterContextProvider>, request: Request): Response {
  const state = context.get(visitorState);
  if (state) state.deadSession = true;
  const url = new URL(request.url);
  const locale = localeFromPathname(url.pathname);
  return redirect(loginRedirectPath(locale, `${stripLocalePrefix(url.pathname)}${url.search}`));
}
