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
import { ErrorPage } from "./components/error-page.tsx";
import { LocaleAlternates } from "./components/locale-alternates.tsx";
import { catalogJson } from "./i18n/catalogs.server.ts";
import { I18nProvider, parseCatalog } from "./i18n/i18n-context.tsx";
import { localeFromPathname } from "./i18n/locale.ts";
import { ModalHost } from "./modals/modal-host.tsx";
import { NotificationProvider } from "./notifications/notifications.tsx";
import { isSignedIn, readCookie } from "./routing/auth-cookies.server.ts";
import {
  AUTH_LINKS,
  type AuthLinkKind,
  authLinkCookieName,
  hasAuthLinkParam,
  isLinkToken,
} from "./routing/auth-links.ts";
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
];

const AUTH_LINK_KINDS = Object.keys(AUTH_LINKS) as AuthLinkKind[];

/**
 * The locale comes from the URL; the browser gets only that locale's catalog. The cookies the
 * browser cannot read (HttpOnly) are summarised: is there a session, which link tokens wait.
 */
export function loader({ context, request, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  const { appOrigin, widgets } = context.get(webContext);
  const cookies = request.headers.get("cookie");
  const authLinkTokens = Object.fromEntries(
    AUTH_LINK_KINDS.map((kind) => [
      kind,
      isLinkToken(readCookie(cookies, authLinkCookieName(kind))),
    ]),
  ) as Record<AuthLinkKind, boolean>;
  return {
    locale,
    messagesJson: catalogJson[locale],
    origin: appOrigin,
    signedIn: isSignedIn(cookies),
    authLinkTokens,
    widgetSources: [widgets.chatSrc, widgets.callbackSrc].filter((src) => src !== undefined),
  };
}

// The root data depends on the URL's locale and, for the modals, on the link parameters: reload
// it when those change (a language switch, a followed link), not on every navigation.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return (
    localeFromPathname(currentUrl.pathname) !== localeFromPathname(nextUrl.pathname) ||
    hasAuthLinkParam(nextUrl.search)
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
        <Links />
        {root && <LocaleAlternates origin={root.origin} pathname={pathname} search={search} />}
      </head>
      <body>
        <I18nProvider locale={locale} messages={parseCatalog(root?.messagesJson)}>
          <NotificationProvider>{children}</NotificationProvider>
        </I18nProvider>
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
      <ModalHost />
    </>
  );
}

/** Last resort, for errors the site layout could not catch: no header, just the error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="site__main">
      <ErrorPage error={error} />
    </main>
  );
}
