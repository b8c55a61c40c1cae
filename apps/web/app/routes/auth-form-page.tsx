import { data, redirect } from "react-router";
import { type AuthForm, isAuthForm } from "../account/auth/auth-form.ts";
import { AuthFormPanel, authFormTitle } from "../account/auth/auth-form-panel.tsx";
import { submitAuthForm } from "../account/auth/submit-auth-form.server.ts";
import { safeNextPath } from "../account/next-path.ts";
import { readForm, textField } from "../account/read-form.server.ts";
import {
  isSecureRequest,
  readSessionToken,
  sessionCookie,
} from "../account/session-cookie.server.ts";
import { effectiveRid, RID_TAB_FIELD } from "../affiliate/rid-cookies.ts";
import { getServerT } from "../i18n/catalogs.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname, localizePath, stripLocalePrefix } from "../i18n/locale.ts";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/auth-form-page";
import "../modals/dialog.css";

/** After signing in from a page of its own (no `next`), the account is where one goes. */
const DEFAULT_NEXT = "/account";
const NO_STORE = { "Cache-Control": "no-store" };

/**
 * `/login`, `/register`, `/reset` (and `/en/…`, `/uk/…`): the modals' forms post here. A GET
 * shows the form as a page (a link to it, or a visitor without JavaScript); a post answers
 * the outcome, which the modal shows in place, or which renders this page again with the
 * field errors beside their inputs. A signed-in visitor has nothing to do here.
 */
export function loader({ request, url }: Route.LoaderArgs) {
  const form = formOf(url);
  const locale = localeFromPathname(url.pathname);
  const next = safeNextPath(url.searchParams.get("next")) ?? DEFAULT_NEXT;
  if (readSessionToken(request.headers.get("cookie")) && form !== "reset") {
    throw redirect(localizePath(locale, next));
  }
  return { form, next };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const form = formOf(url);
  const locale = localeFromPathname(url.pathname);
  const posted = await readForm(request);
  const next = safeNextPath(textField(posted, "next")) ?? DEFAULT_NEXT;
  const { api, clientIp } = context.get(webContext);
  const cookies = request.headers.get("cookie");
  const result = await submitAuthForm({
    api,
    // A fresh start: whatever session the browser still holds is not sent with these calls.
    caller: { ip: clientIp, lang: locale },
    form,
    data: posted,
    t: getServerT(locale),
    userAgent: request.headers.get("user-agent"),
    // Spec §4: the secondary referral first when the posting tab holds the session name.
    rid: effectiveRid(cookies, textField(posted, RID_TAB_FIELD) === "1"),
  });
  if (result.status === "signed-in") {
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", sessionCookie(result.token, isSecureRequest(url)));
    const target = localizePath(locale, next);
    // A script's submit moves on by itself once the root data (the user) has reloaded.
    if (textField(posted, "via") === "script") {
      return data({ status: "signed-in" as const, next: target }, { headers });
    }
    throw redirect(target, { headers });
  }
  const status = {
    fields: 422,
    sent: 200,
    unavailable: 503,
    refused: 429,
  }[result.status];
  // `next` rides along, so the form rendered again (no JavaScript) still knows where to go.
  return data({ ...result, next }, { status, headers: NO_STORE });
}

function formOf(url: URL): AuthForm {
  const form = stripLocalePrefix(url.pathname).split("/")[1]?.toLowerCase();
  // routes.ts mounts this module only at the three form paths.
  if (!isAuthForm(form)) throw new Error(`auth-form-page: not a form path: ${url.pathname}`);
  return form;
}

export default function AuthFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { form } = loaderData;
  const next = actionData?.next ?? loaderData.next;
  const title = t(authFormTitle(form));
  const initialOutcome = actionData && actionData.status !== "signed-in" ? actionData : undefined;
  const query = next === DEFAULT_NEXT ? "" : `?${new URLSearchParams({ next })}`;
  return (
    <section className="auth-link-page" aria-labelledby="auth-form-title">
      <title>{`${title} — ${t("Site.Name")}`}</title>
      <meta name="robots" content="noindex" />
      <h1 id="auth-form-title">{title}</h1>
      <div className="dialog__panel">
        <AuthFormPanel
          form={form}
          next={next}
          initialOutcome={initialOutcome}
          linkTo={(other) => `${href(`/${other}`)}${query}`}
        />
      </div>
    </section>
  );
}
