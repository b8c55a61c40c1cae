import { Link } from "react-router";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import type { RefusedPost } from "./refused-post.ts";
import "../components/error-page.css";

/** The screen for a refused form post: what happened and the way back, no error noise. */
export function RefusedPostPage({ refusal }: { refusal: RefusedPost & { status: number } }) {
  const href = useLocalizedHref();
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
