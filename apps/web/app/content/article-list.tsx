import { Link } from "react-router";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import type { DateView } from "./to-article-view.ts";

export interface TeaserView {
  slug: string;
  title: string;
  description: string;
  published: DateView;
}

/** A list of news items or blog posts: date, linked title, one-line summary. */
export function ArticleList({ path, items }: { path: string; items: TeaserView[] }) {
  const href = useLocalizedHref();
  return (
    <ul className="teasers">
      {items.map((item) => (
        <li key={item.slug} className="teaser">
          <h2 className="teaser__title">
            <Link to={href(`${path}/${item.slug}`)} className="teaser__link">
              {item.title}
            </Link>
          </h2>
          <time className="teaser__date" dateTime={item.published.iso}>
            {item.published.text}
          </time>
          <p className="teaser__text">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
