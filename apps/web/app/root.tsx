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
import { ErrorPage } from "./components/error-page.tsx";
import { LocaleAlternates } from "./components/locale-alternates.tsx";
import { catalogs } from "./i18n/catalogs.server.ts";
import { I18nProvider } from "./i18n/i18n-context.tsx";
import { canonicalLocalePath, localeFromPathname } from "./i18n/locale.ts";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Spec §2: `/EN/...` → `/en/...` and `/ru/...` → `/...`, permanently. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ url }) => {
    const canonical = canonicalLocalePath(url.pathname);
    if (canonical !== null) throw redirect(`${canonical}${url.search}`, 301);
  },
];

/** The locale comes from the URL; the browser gets only that locale's catalog. */
export function loader({ url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  return { locale, messages: catalogs[locale], origin: url.origin };
}

// The root data depends only on the URL's locale, so reload it only when that changes
// (a language switch), not on every navigation or revalidation.
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeFromPathname(currentUrl.pathname) !== localeFromPathname(nextUrl.pathname);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const locale = root?.locale ?? localeFromPathname(pathname);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {root && <LocaleAlternates origin={root.origin} pathname={pathname} />}
      </head>
      <body>
        <I18nProvider locale={locale} messages={root?.messages}>
          {children}
        </I18nProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last resort, for errors the site layout could not catch: no header, just the error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="site__main">
      <ErrorPage error={error} />
    </main>
  );
}
