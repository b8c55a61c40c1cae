import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useState } from "react";

/**
 * A router of our own (decision 030): five screens under /admin need no more than the path,
 * history.pushState and a link that uses it. The server answers index.html for every path.
 */
export const BASE = "/admin";

export type Route =
  | { screen: "desk" }
  | { screen: "dashboard" }
  | { screen: "order"; uuid: string }
  | { screen: "catalogue" }
  | { screen: "operators" }
  | { screen: "audit" }
  | { screen: "settings" }
  | { screen: "me" }
  | { screen: "withdrawals" }
  | { screen: "content" }
  | { screen: "content-edit"; id: number | null }
  | { screen: "not-found" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseRoute(pathname: string): Route {
  const rest = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  const parts = rest.split("/").filter(Boolean);
  if (parts.length === 0) return { screen: "desk" };
  if (parts[0] === "orders" && parts.length === 2 && UUID.test(parts[1]!)) {
    return { screen: "order", uuid: parts[1]!.toLowerCase() };
  }
  if (parts[0] === "content" && parts.length === 2) {
    if (parts[1] === "new") return { screen: "content-edit", id: null };
    if (/^[1-9]\d{0,9}$/.test(parts[1]!)) return { screen: "content-edit", id: Number(parts[1]) };
  }
  if (
    parts.length === 1 &&
    (parts[0] === "dashboard" ||
      parts[0] === "catalogue" ||
      parts[0] === "operators" ||
      parts[0] === "audit" ||
      parts[0] === "settings" ||
      parts[0] === "me" ||
      parts[0] === "withdrawals" ||
      parts[0] === "content")
  ) {
    return { screen: parts[0] };
  }
  return { screen: "not-found" };
}

const listeners = new Set<() => void>();

export function navigate(to: string): void {
  window.history.pushState(null, "", to);
  for (const listener of listeners) listener();
}

const read = () => ({ pathname: window.location.pathname, search: window.location.search });

export function useLocation(): { pathname: string; search: string } {
  const [location, setLocation] = useState(read);
  useEffect(() => {
    const update = () => setLocation(read());
    listeners.add(update);
    window.addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      window.removeEventListener("popstate", update);
    };
  }, []);
  return location;
}

/** An ordinary link (middle click and new tab still work) that navigates in place. */
export function Link({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
