import { Suspense, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { loader as rootLoader } from "../root.tsx";
import {
  type AuthLinkKind,
  authLinkFromSearch,
  searchWithoutAuthLinks,
} from "../routing/auth-links.ts";
import { lazyWithReloadGuard } from "../routing/lazy-with-reload-guard.tsx";
import { authLinkActionPath } from "./auth-link-outcome.ts";
import { MODAL_SWITCH_MS, type Presence, presenceStep, settle } from "./modal-presence.ts";

const AuthLinkModal = lazyWithReloadGuard(() => import("./auth-link-modal.tsx"));

/**
 * Shows the modal the address asks for (spec §2: `?reset_token`, `?confirm_token`,
 * `?confirm_login`), one at a time. Closing it takes the parameter out of the address
 * (without a navigation) and clears the link's cookie.
 */
export function ModalHost() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const { locale } = useTranslation();
  const dismiss = useFetcher({ key: "auth-link-dismiss" });
  // The address keeps showing the old parameter to the router after replaceState, so a
  // dismissal is remembered per location (a new navigation has a new key).
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const asked = authLinkFromSearch(location.search, root?.signedIn ?? false);
  const requested = asked !== null && dismissedAt !== location.key ? asked : null;
  const { shown, closing } = usePresence(requested);
  const inline = useServerRenderedModal(shown);
  if (shown === null) return null;

  const closeHref = `${location.pathname}${searchWithoutAuthLinks(location.search)}${location.hash}`;
  function close(spent: boolean) {
    window.history.replaceState(window.history.state, "", closeHref);
    setDismissedAt(location.key);
    if (!spent && shown !== null) {
      void dismiss.submit(
        { intent: "dismiss" },
        { method: "post", action: authLinkActionPath(shown, locale) },
      );
    }
  }
  const modal = (
    <AuthLinkModal
      key={shown}
      kind={shown}
      hasToken={root?.authLinkTokens[shown] ?? false}
      closing={closing}
      closeHref={closeHref}
      onClose={close}
    />
  );
  return inline ? modal : <Suspense fallback={null}>{modal}</Suspense>;
}

/**
 * Whether the modal on screen is the one the server rendered with the page. That one has no
 * Suspense boundary: on a long page React's streaming moves a boundary's content out of place,
 * to be revealed by a script — never, without JavaScript. Hydration then simply waits for the
 * modal's code, keeping the server's HTML. Modals opened later get a boundary.
 */
function useServerRenderedModal(shown: AuthLinkKind | null): boolean {
  const first = useRef(shown);
  if (shown !== first.current) first.current = null;
  return shown !== null && shown === first.current;
}

function usePresence(requested: AuthLinkKind | null): Presence<AuthLinkKind> {
  const [presence, setPresence] = useState<Presence<AuthLinkKind>>(() => settle(requested));
  useEffect(() => {
    const step = presenceStep(presence, requested);
    if (step !== presence) setPresence(step);
    if (!step.closing) return;
    const timer = setTimeout(() => setPresence(settle(requested)), MODAL_SWITCH_MS);
    return () => clearTimeout(timer);
  }, [presence, requested]);
  return presence;
}
