import { type Locale, localizePath } from "../i18n/locale.ts";
import { AUTH_LINK_ACTION_SEGMENT, type AuthLinkKind } from "../routing/auth-links.ts";
import type { NewPasswordField } from "./new-password-rules.ts";

/** What became of a modal's call, as the action tells the modal (or the no-JS page). */
export type AuthLinkOutcome =
  | { status: "done" }
  /** The token is unknown, used or expired, or the cookie holding it is gone. */
  | { status: "invalid" }
  /** The API could not be reached or failed; trying again later may work. */
  | { status: "unavailable" }
  /** The API refused for another reason; its message is already in the visitor's language. */
  | { status: "refused"; message: string }
  /** The new password was not accepted: a message per field. */
  | { status: "fields"; fields: Partial<Record<NewPasswordField, string>> }
  /** The call needs a signed-in user (a login change is confirmed by its own account). */
  | { status: "login-required" }
  /** The visitor closed the modal; the cookie is cleared. */
  | { status: "dismissed" };

/** Where a modal posts: `/en/confirm/complete`. The token rides in its cookie. */
export function authLinkActionPath(kind: AuthLinkKind, locale: Locale): string {
  return localizePath(locale, `/${kind}/${AUTH_LINK_ACTION_SEGMENT}`);
}
