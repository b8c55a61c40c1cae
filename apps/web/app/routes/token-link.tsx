import { data } from "react-router";
import type { Route } from "./+types/token-link";

// Placeholder until the page lands: answers 404 like an unknown route.
export function loader({ url }: Route.LoaderArgs): never {
  throw data(`Page Not Found: ${url.pathname}`, { status: 404 });
}

export default function Placeholder() {
  return null;
}
