import { useState } from "react";
import { useLocation } from "react-router";
import { lazyWithReloadGuard } from "../routing/lazy-with-reload-guard.tsx";

const ModalHost = lazyWithReloadGuard(() => import("./modal-host.tsx"));

/**
 * The query parameters that open a modal (spec §2): the e-mailed links' flags and the auth
 * forms' `modal`. Listed here by name, not taken from routing/auth-links.ts, so that every
 * page's code holds only this list (a test keeps the two in step).
 */
export const AUTH_LINK_PARAMS = ["reset_token", "confirm_token", "confirm_login"];
const MODAL_PARAMS = [...AUTH_LINK_PARAMS, "modal"];

export function hasParam(search: string, names: readonly string[]): boolean {
  const params = new URLSearchParams(search);
  return names.some((name) => params.has(name));
}

/**
 * Loads the modal host the first time the address asks for a modal, and keeps it from then
 * on (so a closing modal can play out). Most visits never open one and never download it:
 * the home page's script budget (bench `home_js_kb`) has no room for it.
 */
export function ModalGate() {
  const { search } = useLocation();
  const [wanted, setWanted] = useState(() => hasParam(search, MODAL_PARAMS));
  if (!wanted && hasParam(search, MODAL_PARAMS)) setWanted(true);
  return wanted ? <ModalHost /> : null;
}
