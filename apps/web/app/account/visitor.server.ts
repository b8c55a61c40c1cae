import type { User } from "@obmen/contracts";
import type { CallerContext } from "@obmen/contracts/sdk";
import { createContext, type RouterContextProvider, redirect } from "react-router";
import { isApiCallError } from "../api-call-error.ts";
import {
  type Locale,
  localeFromPathname,
  localizePath,
  stripLocalePrefix,
} from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import { readSessionToken } from "./session-cookie.server.ts";

/**
 * Who is asking, once per request: the root middleware creates this record, the loaders fill
 * it, and after rendering the middleware clears a session cookie the API no longer accepts.
 */
export interface VisitorState {
  /** The `/rest/user/info` call, made at most once per request. */
  user?: Promise<User | null>;
  /** The API answered 401 for the cookie's token: the browser should forget it. */
  deadSession: boolean;
}

/** Null outside a request that went through the root middleware (a loader called in a test). */
export const visitorState = createContext<VisitorState | null>(null);

/**
 * The caller for an API call made on the visitor's behalf: their IP, language and session
 * token (the envelope's `user_auth_token`). Spec §6 leaves the token out of three calls (the
 * pair list, the reserves and order create), which build their own caller.
 */
export function visitorCaller(
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale,
): CallerContext {
  const { clientIp } = context.get(webContext);
  const userAuthToken = readSessionToken(request.headers.get("cookie"));
  return userAuthToken
    ? { ip: clientIp, lang: locale, userAuthToken }
    : { ip: clientIp, lang: locale };
}

/**
 * The signed-in user, or null for an anonymous visitor or a session the API refused. Other
 * failures (the API down) also count as anonymous for this page, without clearing the
 * cookie: spec §8 "failures loading user info are silently ignored".
 */
export function loadVisitor(
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale,
): Promise<User | null> {
  const state = context.get(visitorState) ?? { deadSession: false };
  state.user ??= fetchUser(context, request, locale, state);
  return state.user;
}

async function fetchUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale,
  state: VisitorState,
): Promise<User | null> {
  const caller = visitorCaller(context, request, locale);
  if (!caller.userAuthToken) return null;
  const { api, log } = context.get(webContext);
  try {
    return (await api.user.info(caller)).user;
  } catch (error) {
    if (isApiCallError(error) && error.status === 401) {
      state.deadSession = true;
      return null;
    }
    log.warn({ err: error }, "visitor: user info failed");
    return null;
  }
}

/** The login modal over the home page, coming back to `path` after signing in. */
export function loginRedirectPath(locale: Locale, path: string): string {
  const next = new URLSearchParams({ modal: "login", next: path });
  return `${localizePath(locale, "/")}?${next}`;
}

/**
 * Account pages need a session (spec §6): an anonymous visitor is sent to the login modal,
 * which brings them back here afterwards.
 */
export async function requireUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<{ user: User; caller: CallerContext; locale: Locale }> {
  const url = new URL(request.url);
  const locale = localeFromPathname(url.pathname);
  const user = await loadVisitor(context, request, locale);
  if (!user) {
    throw redirect(loginRedirectPath(locale, `${stripLocalePrefix(url.pathname)}${url.search}`), {
      headers: { "Cache-Control": "no-store" },
    });
  }
  return { user, caller: visitorCaller(context, request, locale), locale };
}
