import { useEffect } from "react";
import { claimReload, type GuardStorage } from "./reload-guard.ts";

/**
 * Spec §9's reload guard for stale deploys: when a script or stylesheet the page needs is
 * gone (Vite reports it as `vite:preloadError`), reload to get the current build — at most
 * once per 10 seconds; otherwise the failure reaches the error page. React Router's own route
 * modules are reloaded by React Router; the error page applies the same guard to what gets
 * through (components/error-page.tsx).
 */
export function useReloadGuard() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (reloadIfAllowed()) event.preventDefault();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => window.removeEventListener("vite:preloadError", onPreloadError);
  }, []);
}

/** Reloads the page unless one happened in the last 10 seconds; says whether it did. */
export function reloadIfAllowed(): boolean {
  if (!claimReload(sessionStorageOrNull(), Date.now())) return false;
  window.location.reload();
  return true;
}

function sessionStorageOrNull(): GuardStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
