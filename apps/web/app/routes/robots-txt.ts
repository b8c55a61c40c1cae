import type { Route } from "./+types/robots-txt";

// Placeholder until the resource route lands.
export function loader(_args: Route.LoaderArgs) {
  return new Response("Not Found", { status: 404 });
}
