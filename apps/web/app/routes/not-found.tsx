import { data } from "react-router";
import type { Route } from "./+types/not-found";

/**
 * Unknown paths (spec §2): a real 404 status, rendered by the site layout's ErrorBoundary.
 * A loader, not just a component, so the status is set and the root loader still runs.
 */
export function loader({ url }: Route.LoaderArgs): never {
  throw data(`Page Not Found: ${url.pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
