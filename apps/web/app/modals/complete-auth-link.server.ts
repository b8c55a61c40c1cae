import type { CallerContext, ObmenClient } from "@obmen/contracts/sdk";
import { isApiCallError } from "../api-call-error.ts";
import type { AuthLinkKind } from "../routing/auth-links.ts";
import type { AuthLinkOutcome } from "./auth-link-outcome.ts";
import { NEW_PASSWORD_FIELDS, type NewPasswordField } from "./new-password-rules.ts";

/**
 * The API call behind each e-mailed link (spec §7): confirm a registration, confirm a changed
 * login, or set a new password with a reset token. The payload names of the last two are
 * ours (the spec shows `confirm_token` only).
 */
const CALLS: Record<
  AuthLinkKind,
  {
    path: string;
    payload: (token: string, newPassword: string, userAgent?: string) => Record<string, unknown>;
  }
> = {
  // The browser is kept with the session the confirmation opens (the session list shows it).
  confirm: {
    path: "/rest/user/confirm",
    payload: (token, _password, userAgent) => ({
      confirm_token: token,
      ...(userAgent ? { user_agent: userAgent } : {}),
    }),
  },
  "confirm-login": { path: "/rest/user/confirm_update_login", payload: (token) => ({ token }) },
  restore: {
    path: "/rest/user/restore_confirm",
    payload: (token, newPassword) => ({ reset_token: token, new_password: newPassword }),
  },
};

export interface AuthLinkResult {
  outcome: AuthLinkOutcome;
  /** A URL the API asked us to go to next (`data.redirect_url`), to follow as spec §2 says. */
  redirectTo?: string;
  /** Confirming a registration signs the user in (decision 024): the new session's token. */
  sessionToken?: string;
}

export async function completeAuthLink(options: {
  api: ObmenClient;
  caller: CallerContext;
  kind: AuthLinkKind;
  token: string;
  newPassword?: string;
  userAgent?: string | null;
}): Promise<AuthLinkResult> {
  const { api, caller, kind, token } = options;
  const call = CALLS[kind];
  try {
    // Not retried: a token works once, so a blind repeat could turn success into "invalid".
    const data = await api.call(
      caller,
      call.path,
      call.payload(token, options.newPassword ?? "", options.userAgent?.slice(0, 512) || undefined),
      false,
    );
    const redirectTo =
      typeof data === "object" &&
      data !== null &&
      "redirect_url" in data &&
      typeof data.redirect_url === "string"
        ? data.redirect_url
        : undefined;
    const sessionToken =
      typeof data === "object" &&
      data !== null &&
      "user_auth_token" in data &&
      typeof data.user_auth_token === "string"
        ? data.user_auth_token
        : undefined;
    return { outcome: { status: "done" }, redirectTo, sessionToken };
  } catch (error) {
    return { outcome: outcomeOfFailure(error) };
  }
}

/**
 * The API's answer, told honestly: NOT_FOUND (no such token — or, until accounts exist, no
 * such call) and a rejected token are "invalid or expired"; a refused new password goes under
 * its field; a failure on our side is "unavailable"; any other refusal shows the API's own
 * (translated) message. Anything that is not an API answer is a bug and propagates.
 */
export function outcomeOfFailure(error: unknown): AuthLinkOutcome {
  if (!isApiCallError(error)) throw error;
  if (error.status >= 500) return { status: "unavailable" };
  const { code, message, fields } = error.body.error;
  if (code === "NOT_FOUND") return { status: "invalid" };
  // Only a login change needs a session: the link then waits in its cookie for the login.
  if (code === "UNAUTHORIZED") return { status: "login-required" };
  if (code === "VALIDATION_FAILED" && fields) {
    const passwordFields = Object.fromEntries(
      Object.entries(fields).filter(([key]) =>
        NEW_PASSWORD_FIELDS.includes(key as NewPasswordField),
      ),
    );
    if (Object.keys(passwordFields).length > 0) return { status: "fields", fields: passwordFields };
    return { status: "invalid" };
  }
  return { status: "refused", message };
}
