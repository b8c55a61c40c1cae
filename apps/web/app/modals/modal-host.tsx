import { Suspense, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { authFormFromSearch, searchWithoutAuthForm } from "../account/auth/auth-form-query.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { loader as rootLoader } from "../root.tsx";
import { authLinkFromSearch, searchWithoutAuthLinks } from "../routing/auth-links.ts";
import { lazyWithReloadGuard } from "../routing/lazy-with-reload-guard.tsx";
import { authLinkActionPath } from "./auth-link-outcome.ts";
import { MODAL_SWITCH_MS, type Presence, presenceStep, settle } from "./modal-presence.ts";

const AuthLinkModal = lazyWithReloadGuard(() => import("./auth-link-modal.tsx"));
const AuthFormModal = lazyWithReloadGuard(() => import("../account/auth/auth-form-modal.tsx"));

/**
 * Shows the modal the address asks for, one at a time (spec §2, §4): the e-mailed links'
 * resetComplete, registerComplete, loginComplete (`?reset_token`, `?confirm_token`,
 * `?confirm_login`), which win, and the login, register and reset forms (`?modal=login`,
 * with an optional `next`). Each modal's code loads only when it opens. Closing one takes
 * its parameters out of the address (without a navigation); a link's cookie is cleared too.
 * Loaded by the modal gate when the address first asks for a modal.
 */
export default function ModalHost() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const { locale } = useTranslation();
  const dismiss = useFetcher({ key: "auth-link-dismiss" });
  // The address keeps showing the old parameter to the router after replaceState, so a
  // dismissal is remembered per location (a new navigation has a new key).
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const signedIn = root?.signedIn ?? false;
  const link = authLinkFromSearch(location.search, signedIn);
  const form = link === null ? authFormFromSearch(location.search, signedIn) : null;
  const asked = link ? `link:${link}` : form ? `form:${form}` : null;
  const requested = dismissedAt !== location.key ? asked : null;
  const { shown, closing } = usePresence(requested);
  const inline = useServerRenderedModal(shown);
  if (shown === null) return null;

  const [type, name] = shown.split(":") as ["link" | "form", string];
  const search =
    type === "link"
      ? searchWithoutAuthLinks(location.search)
      : searchWithoutAuthForm(location.search);
  const closeHref = `${location.pathname}${search}${location.hash}`;
  function close(spent: boolean) {
    window.history.replaceState(window.history.state, "", closeHref);
    setDismissedAt(location.key);
    if (!spent && type === "link") {
      void dismiss.submit(
        { intent: "dismiss" },
        { method: "post", action: authLinkActionPath(name as never, locale) },
      );
    }
  }
  const modal =
    type === "link" ? (
      <AuthLinkModal
        key={shown}
        kind={name as never}
        hasToken={root?.authLinkTokens[name as never] ?? false}
        closing={closing}
        closeHref={closeHref}
        onClose={close}
      />
    ) : (
      <AuthFormModal
        key={shown}
        form={name as never}
        closing={closing}
        closeHref={closeHref}
        onClose={() => close(true)}
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
function useServerRenderedModal(shown: string | null): boolean {
  const first = useRef(shown);
  if (shown !== first.current) first.current = null;
  return shown !== null && shown === first.current;
}

function usePresence(requested: string | null): Presence<string> {
  const [presence, setPresence] = useState<Presence<string>>(() => settle(requested));
  useEffect(() => {
    const step = presenceStep(presence, requested);
    if (step !== presence) setPresence(step);
    if (!step.closing) return;
    const timer = setTimeout(() => setPresence(settle(requested)), MODAL_SWITCH_MS);
    return () => clearTimeout(timer);
  }, [presence, requested]);
  return presence;
}
