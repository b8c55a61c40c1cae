import { type Locale, localizePath, stripLocalePrefix } from "../i18n/locale.ts";

/**
 * The e-mailed links of spec §2: `/restore/{token}`, `/confirm/{token}` and
 * `/confirm-login/{token}` store the token in a cookie and go home with a query parameter
 * that opens the matching modal (`reset_token` → resetComplete, `confirm_token` →
 * registerComplete, `confirm_login` → loginComplete). Restore and confirm links are ignored
 * for a signed-in visitor.
 */
export const AUTH_LINKS = {
  restore: { param: "reset_token", modal: "resetComplete", ignoredWhenSignedIn: true },
  confirm: { param: "confirm_token", modal: "registerComplete", ignoredWhenSignedIn: true },
  "confirm-login": { param: "confirm_login", modal: "loginComplete", ignoredWhenSignedIn: false },
} as const;

export type AuthLinkKind = keyof typeof AUTH_LINKS;
export type AuthLinkModal = (typeof AUTH_LINKS)[AuthLinkKind]["modal"];

/** When both would apply, this order decides: the modals are mutually exclusive (spec §4). */
const KINDS = Object.keys(AUTH_LINKS) as AuthLinkKind[];

/** Spec §4: login stores the session token in a cookie named `token`. */
export const SESSION_COOKIE = "token";

/**
 * The token waits in its cookie only while the visitor acts on the e-mail; an hour is ample
 * and keeps a forgotten one from lingering.
 */
export const AUTH_LINK_COOKIE_MAX_AGE_SECONDS = 60 * 60;

/**
 * The path segment the modals post to (`/confirm/complete`): the token itself stays in its
 * HttpOnly cookie. It can never be a token, which is at least 16 characters long.
 */
export const AUTH_LINK_ACTION_SEGMENT = "complete";

/** URL-safe characters only, long enough to carry ≥ 128 random bits (DESIGN.md invariant 5). */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

export function isLinkToken(value: string | null | undefined): value is string {
  return typeof value === "string" && TOKEN.test(value);
}

/** The kind of link a path is (`/en/confirm-login/x` → `confirm-login`), if it is one. */
export function authLinkKindFromPath(pathname: string): AuthLinkKind | null {
  // Any letter case: the router matches `/Restore/…` too, and a post is not redirected to
  // the lower-case path (decision 021), so the action must recognise it.
  const first = (stripLocalePrefix(pathname).split("/")[1] ?? "").toLowerCase();
  return Object.hasOwn(AUTH_LINKS, first) ? (first as AuthLinkKind) : null;
}

/** The cookie a kind of link keeps its token in: spec §2 names them after the parameters. */
export function authLinkCookieName(kind: AuthLinkKind): string {
  return AUTH_LINKS[kind].param;
}

export function isIgnoredForSignedIn(kind: AuthLinkKind, signedIn: boolean): boolean {
  return signedIn && AUTH_LINKS[kind].ignoredWhenSignedIn;
}

/**
 * Where a followed link goes: home in the link's language, with the parameter that opens the
 * modal; or plain home when a signed-in visitor follows a link that does not apply to them.
 */
export function authLinkHome(kind: AuthLinkKind, locale: Locale, signedIn: boolean): string {
  const home = localizePath(locale, "/");
  return isIgnoredForSignedIn(kind, signedIn) ? home : `${home}?${AUTH_LINKS[kind].param}=1`;
}

/** Which link's modal the query asks for, if any (the parameter's value does not matter). */
export function authLinkFromSearch(search: string, signedIn: boolean): AuthLinkKind | null {
  const params = new URLSearchParams(search);
  return (
    KINDS.find(
      (kind) => params.has(AUTH_LINKS[kind].param) && !isIgnoredForSignedIn(kind, signedIn),
    ) ?? null
  );
}

/** Whether the query carries any of the modal parameters, whoever is signed in. */
export function hasAuthLinkParam(search: string): boolean {
  const params = new URLSearchParams(search);
  return KINDS.some((kind) => params.has(AUTH_LINKS[kind].param));
}

/** The query without the modal parameters, for the address bar once a modal closes. */
export function searchWithoutAuthLinks(search: string): string {
  const params = new URLSearchParams(search);
  for (const kind of KINDS) params.delete(AUTH_LINKS[kind].param);
  return params.size > 0 ? `?${params}` : "";
}
