import { data, redirect } from "react-router";
import { readForm } from "../account/read-form.server.ts";
import { sessionCookie } from "../account/session-cookie.server.ts";
import { getServerT } from "../i18n/catalogs.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname } from "../i18n/locale.ts";
import type { AuthLinkOutcome } from "../modals/auth-link-outcome.ts";
import { AUTH_LINK_TEXTS, AuthLinkPanel } from "../modals/auth-link-panels.tsx";
import { completeAuthLink } from "../modals/complete-auth-link.server.ts";
import {
  checkNewPassword,
  NEW_PASSWORD_FIELDS,
  newPasswordMessage,
} from "../modals/new-password-rules.ts";
import {
  authLinkCookie,
  expiredAuthLinkCookie,
  isSignedIn,
  readCookie,
} from "../routing/auth-cookies.server.ts";
import {
  AUTH_LINK_ACTION_SEGMENT,
  type AuthLinkKind,
  authLinkCookieName,
  authLinkHome,
  authLinkKindFromPath,
  isIgnoredForSignedIn,
  isLinkToken,
  SESSION_COOKIE,
} from "../routing/auth-links.ts";
import { followServerRedirect } from "../routing/server-redirect.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/token-link";
import "../modals/dialog.css";

/**
 * `/restore/{token}`, `/confirm/{token}`, `/confirm-login/{token}` (spec §2): keep the token
 * in a cookie and go home, where the matching modal opens. The modals post to
 * `/{kind}/complete` (the action below); without JavaScript that post lands on this page,
 * which then shows the same panel as the modal would.
 */
export function loader({ params, request, url }: Route.LoaderArgs) {
  const kind = kindOf(url);
  const cookies = request.headers.get("cookie");
  const signedIn = isSignedIn(cookies);
  if (params.token === AUTH_LINK_ACTION_SEGMENT) {
    const token = readCookie(cookies, authLinkCookieName(kind));
    return { kind, hasToken: isLinkToken(token) && !isIgnoredForSignedIn(kind, signedIn) };
  }
  if (!isLinkToken(params.token)) throw data(`Page Not Found: ${url.pathname}`, { status: 404 });
  // The token is a credential: no cache may keep this answer.
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (!isIgnoredForSignedIn(kind, signedIn)) {
    headers.append("Set-Cookie", authLinkCookie(kind, params.token, url.protocol === "https:"));
  }
  throw redirect(authLinkHome(kind, localeFromPathname(url.pathname), signedIn), { headers });
}

export async function action({ context, params, request, url }: Route.ActionArgs) {
  const kind = kindOf(url);
  if (params.token !== AUTH_LINK_ACTION_SEGMENT) {
    throw data(`Page Not Found: ${url.pathname}`, { status: 404 });
  }
  const locale = localeFromPathname(url.pathname);
  const cookies = request.headers.get("cookie");
  const form = await readForm(request);
  const secure = url.protocol === "https:";
  const spent = new Headers({
    "Set-Cookie": expiredAuthLinkCookie(kind, secure),
    "Cache-Control": "no-store",
  });
  const answer = (outcome: AuthLinkOutcome, status: number, clearCookie: boolean) =>
    data(outcome, { status, headers: clearCookie ? spent : { "Cache-Control": "no-store" } });

  if (form.get("intent") === "dismiss") return answer({ status: "dismissed" }, 200, true);
  const token = readCookie(cookies, authLinkCookieName(kind));
  if (!isLinkToken(token) || isIgnoredForSignedIn(kind, isSignedIn(cookies))) {
    return answer({ status: "invalid" }, 410, true);
  }

  let newPassword: string | undefined;
  if (kind === "restore") {
    newPassword = String(form.get("new_password") ?? "");
    const problems = checkNewPassword(
      newPassword,
      String(form.get("new_password_confirmation") ?? ""),
    );
    if (Object.keys(problems).length > 0) {
      const t = getServerT(locale);
      const fields = Object.fromEntries(
        NEW_PASSWORD_FIELDS.flatMap((field) => {
          const problem = problems[field];
          return problem ? [[field, newPasswordMessage(t, problem)]] : [];
        }),
      );
      return answer({ status: "fields", fields }, 422, false);
    }
  }

  const { api, clientIp, appOrigin } = context.get(webContext);
  const userAuthToken = readCookie(cookies, SESSION_COOKIE) || undefined;
  const { outcome, redirectTo, sessionToken } = await completeAuthLink({
    api,
    caller: { ip: clientIp, lang: locale, userAuthToken },
    kind,
    token,
    newPassword,
    userAgent: request.headers.get("user-agent"),
  });
  // A confirmed registration is a signed-in user from now on (spec §4: the `token` cookie).
  if (sessionToken) spent.append("Set-Cookie", sessionCookie(sessionToken, secure));
  if (outcome.status === "done" && redirectTo) {
    const next = followServerRedirect(redirectTo, appOrigin, { headers: spent });
    if (next) throw next;
  }
  switch (outcome.status) {
    case "done":
      return answer(outcome, 200, true);
    case "invalid":
      return answer(outcome, 410, true);
    case "unavailable":
      return answer(outcome, 503, false);
    case "login-required":
      return answer(outcome, 401, false);
    default:
      return answer(outcome, 422, false);
  }
}

function kindOf(url: URL): AuthLinkKind {
  const kind = authLinkKindFromPath(url.pathname);
  // routes.ts mounts this module only under the three link paths.
  if (!kind) throw new Error(`token-link: not a link path: ${url.pathname}`);
  return kind;
}

/** The modal's content as a page, for a visitor without JavaScript. */
export default function AuthLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, hasToken } = loaderData;
  const title = t(AUTH_LINK_TEXTS[kind].title);
  return (
    <section className="auth-link-page" aria-labelledby="auth-link-title">
      <title>{`${title} — ${t("Site.Name")}`}</title>
      <meta name="robots" content="noindex" />
      <h1 id="auth-link-title">{title}</h1>
      <div className="dialog__panel">
        <AuthLinkPanel kind={kind} hasToken={hasToken} initialOutcome={actionData} />
      </div>
    </section>
  );
}
