import { Suspense } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import {
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
// First, so the base rules come first in the site's one stylesheet (vite.config.ts).
import "./styles/app.css";
import { isAccountSubmission } from "./account/account-submission.ts";
import { clearedSessionCookies, isSecureRequest } from "./account/session-cookie.server.ts";
import { loadVisitor, visitorState } from "./account/visitor.server.ts";
import { ridArrivalRedirect } from "./affiliate/rid-arrival.server.ts";
import { RID_TAB_SCRIPT_SRC, readRidCookies } from "./affiliate/rid-cookies.ts";
import { ErrorPage } from "./components/error-page.tsx";
import { LocaleAlternates } from "./components/locale-alternates.tsx";
import { refuseForeignPost } from "./forms/refused-post.server.ts";
import { anonymousCatalogJson, catalogJson } from "./i18n/catalogs.server.ts";
import { I18nProvider, parseCatalog } from "./i18n/i18n-context.tsx";
import { localeFromPathname } from "./i18n/locale.ts";
import { AUTH_LINK_PARAMS, hasParam, ModalGate } from "./modals/modal-gate.tsx";
import { NotificationProvider } from "./notifications/notifications.tsx";
import { readCookie } from "./routing/auth-cookies.server.ts";
import {
  AUTH_LINKS,
  type AuthLinkKind,
  authLinkCookieName,
  isLinkToken,
} from "./routing/auth-links.ts";
import { lazyWithReloadGuard } from "./routing/lazy-with-reload-guard.tsx";
import { siteRedirectTarget } from "./routing/site-redirect.ts";
import { useReloadGuard } from "./routing/use-reload-guard.ts";
import { webContext } from "./web-context.server.ts";
import { ThirdPartyWidgets } from "./widgets/third-party-widgets.tsx";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Spec §2's site-wide redirects, permanent: `/EN/...` → `/en/...`, `/ru/...` → `/...`, and
 * `?cur_from=X&cur_to=Y` on any page → `/exchange/X/Y` (routing/site-redirect.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, url }) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const target = siteRedirectTarget(url);
    if (target !== null) throw redirect(target, 301);
  },
  // Every post on the site, before any action, resource routes included: a form body from
  // this site only (forms/refused-post.server.ts). The refusal is a page in the visitor's
  // language (ErrorBoundary below).
  ({ context, request, url }) => {
    refuseForeignPost(request, {
      locale: localeFromPathname(url.pathname),
      appOrigin: context.get(webContext).appOrigin,
    });
  },
  // A partner's link (`?rid=`): the referral cookies, the click, the URL without it (issue 18).
  async ({ context, request, url }) => {
    const arrival = await ridArrivalRedirect(context, request, url);
    if (arrival) throw arrival;
  },
  // Who the visitor is, once per request; a session the API refused is forgotten.
  async ({ context, url }, next) => {
    const state = { deadSession: false };
    context.set(visitorState, state);
    const response = (await next()) as Response;
    if (state.deadSession) {
      for (const cookie of clearedSessionCookies(isSecureRequest(url))) {
        response.headers.append("Set-Cookie", cookie);
      }
    }
    return response;
  },
];

const AUTH_LINK_KINDS = Object.keys(AUTH_LINKS) as AuthLinkKind[];

/**
 * The locale comes from the URL; the browser gets only that locale's catalog. The cookies the
 * browser cannot read (HttpOnly) are summarised: is there a session, which link tokens wait.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  const { appOrigin, widgets } = context.get(webContext);
  const cookies = request.headers.get("cookie");
  const authLinkTokens = Object.fromEntries(
    AUTH_LINK_KINDS.map((kind) => [
      kind,
      isLinkToken(readCookie(cookies, authLinkCookieName(kind))),
    ]),
  ) as Record<AuthLinkKind, boolean>;
  // Spec §2 "on start the app loads the current user"; only what the header shows travels.
  const user = await loadVisitor(context, request, locale);
  return {
    locale,
    messagesJson: (user ? catalogJson : anonymousCatalogJson)[locale],
    origin: appOrigin,
    signedIn: user !== null,
    user: user && { email: user.email },
    authLinkTokens,
    widgetSources: [widgets.chatSrc, widgets.callbackSrc].filter((src) => src !== undefined),
    // The session-storage rule's script, only for a visitor holding a secondary referral.
    ridTabScript: readRidCookies(cookies).secondary !== null ? RID_TAB_SCRIPT_SRC : null,
  };
}

// The root data depends on the URL's locale and, for the modals, on the link parameters: reload
// it when those change (a language switch, a followed link) or when the visitor may have
// signed in or out (an account form was posted), not on every navigation.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  formAction,
}: ShouldRevalidateFunctionArgs) {
  return (
    localeFromPathname(currentUrl.pathname) !== localeFromPathname(nextUrl.pathname) ||
    hasParam(nextUrl.search, AUTH_LINK_PARAMS) ||
    isAccountSubmission(formMethod, formAction)
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname, search } = useLocation();
  const locale = root?.locale ?? localeFromPathname(pathname);
  useReloadGuard();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* Stylesheets and module preloads need no nonce (the policy allows 'self'), and with
            one React reported a hydration mismatch: the browser knows no nonce. The scripts
            get theirs from <ServerRouter nonce> (entry.server.tsx). */}
        <Links nonce="" />
        {root && <LocaleAlternates origin={root.origin} pathname={pathname} search={search} />}
      </head>
      <body>
        <I18nProvider locale={locale} messages={parseCatalog(root?.messagesJson)}>
          <NotificationProvider>{children}</NotificationProvider>
        </I18nProvider>
        {root?.ridTabScript && <script src={root.ridTabScript} />}
        {root && <ThirdPartyWidgets sources={root.widgetSources} />}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <ModalGate />
    </>
  );
}

// Out of the root chunk, which every page loads (home_js_kb): only a refused post shows it.
const RefusedPostPage = lazyWithReloadGuard(() => import("./forms/refused-post-page.tsx"));

/**
 * Whether a route error is a refused post (forms/refused-post.ts; refusedPostOf there reads it
 * fully). Written here, not imported, so that module stays in the lazy chunk.
 */
function isRefusedPost(error: unknown): boolean {
  return (error as { data?: { kind?: unknown } } | null)?.data?.kind === "refused-post";
}

/** Last resort, for errors the site layout could not catch: no header, just the error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="site__main">
      {isRefusedPost(error) ? (
        // A refused post stops before the root loader, so it brings its own texts.
        <Suspense fallback={null}>
          <RefusedPostPage error={error} />
        </Suspense>
      ) : (
        <ErrorPage error={error} />
      )}
    </main>
  );
}
