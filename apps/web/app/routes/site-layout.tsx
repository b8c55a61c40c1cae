import { useEffect } from "react";
import { Outlet } from "react-router";
import { cachedPairCatalogue } from "../catalogue/cached-pair-catalogue.server.ts";
import { usePairListRetry } from "../catalogue/use-pair-catalogue.ts";
import { ErrorPage } from "../components/error-page.tsx";
import { SiteFooter } from "../components/site-footer.tsx";
import { SiteHeader } from "../components/site-header.tsx";
import { localeFromPathname } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/site-layout";

/**
 * Spec §2 "on start the app loads the current user and the currency pair list": the list is
 * loaded here once, for every page below (`usePairCatalogue`), and not on every navigation.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  try {
    return { catalogueJson: (await cachedPairCatalogue(context, locale)).json };
  } catch (error) {
    // Spec §8: a failed pair list never breaks a page. The SDK has already retried.
    context.get(webContext).log.warn({ err: error }, "site layout: currency pair list failed");
    return { catalogueJson: null as string | null };
  }
}

/** How old the list may get before a navigation loads it again. */
const REFRESH_AFTER_MS = 5 * 60_000;
// What the browser last got: read by shouldRevalidate, which sees URLs but not loader data.
const lastList = { failed: false, loadedAt: 0 };

/**
 * Reload the list only when it failed (a retry) or has grown old, not on each navigation or
 * on the exchange page's 30-second rate refresh, which reloads that page's own pair.
 */
export function shouldRevalidate() {
  return lastList.failed || Date.now() - lastList.loadedAt > REFRESH_AFTER_MS;
}

/** The default layout (spec §2 names two: default and account). */
export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { catalogueJson } = loaderData;
  // Each new answer (a revalidation gives a new string) restarts the age of the list.
  useEffect(() => {
    lastList.failed = catalogueJson === null;
    lastList.loadedAt = Date.now();
  }, [catalogueJson]);
  usePairListRetry(catalogueJson === null);
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** Errors below the layout (a 404 included) keep the header, so the visitor can move on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <ErrorPage error={error} />
    </SiteChrome>
  );
}

function SiteChrome({ children }: { children: React.ReactNode }) {
  return (
    <div className="site">
      <SiteHeader />
      <main id="main" className="site__main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
