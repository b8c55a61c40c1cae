/**
 * A form post the site refused before any action ran (a cross-site post, or a body that is no
 * HTML form; refused-post.server.ts). It is thrown from the root middleware, before the root
 * loader, so the page has no catalog: the refusal carries its own texts, already in the
 * visitor's language, and the root error boundary shows them (refused-post-page.tsx).
 */
export interface RefusedPost {
  kind: "refused-post";
  title: string;
  message: string;
  homeLabel: string;
  siteName: string;
}

/** The refusal inside a route error, or null for any other error. */
export function refusedPostOf(error: unknown): (RefusedPost & { status: number }) | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (typeof status !== "number" || typeof data !== "object" || data === null) return null;
  const refusal = data as Partial<RefusedPost>;
  if (refusal.kind !== "refused-post") return null;
  const texts = [refusal.title, refusal.message, refusal.homeLabel, refusal.siteName];
  if (!texts.every((text) => typeof text === "string")) return null;
  return { ...(refusal as RefusedPost), status };
}
