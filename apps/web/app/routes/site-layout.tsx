import { Outlet } from "react-router";
import { ErrorPage } from "../components/error-page.tsx";
import { SiteFooter } from "../components/site-footer.tsx";
import { SiteHeader } from "../components/site-header.tsx";
import type { Route } from "./+types/site-layout";

/** The default layout (spec §2 names two: default and account). */
export default function SiteLayout() {
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
