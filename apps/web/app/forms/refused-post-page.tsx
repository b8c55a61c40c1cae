import { Link } from "react-router";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { refusedPostOf } from "./refused-post.ts";
import "../components/error-page.css";

/**
 * The screen for a refused form post: what happened and the way back, no error noise. Its own
 * chunk, loaded by the root error boundary only for a refusal: the root chunk is on every page
 * (home_js_kb), and the server renders it inline (lazy-with-reload-guard.tsx).
 */
export default function RefusedPostPage({ error }: { error: unknown }) {
  const href = useLocalizedHref();
  const refusal = refusedPostOf(error);
  if (!refusal) return null;
  return (
    <section className="error-page" aria-labelledby="error-title">
      <title>{`${refusal.title} — ${refusal.siteName}`}</title>
      <meta name="robots" content="noindex" />
      <h1 id="error-title" className="error-page__title">
        {refusal.title}
      </h1>
      <p className="error-page__status" aria-hidden="true">
        {refusal.status}
      </p>
      <p className="error-page__description">{refusal.message}</p>
      <Link to={href("/")} className="button">
        {refusal.homeLabel}
      </Link>
    </section>
  );
}
