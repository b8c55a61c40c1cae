import type { AdminContentListItem, ContentKind } from "@obmen/contracts";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api, queryString } from "../api.ts";
import { errorText } from "../app.tsx";
import { formatDateTime } from "../format.ts";
import { useI18n } from "../i18n.tsx";
import { BASE, Link, navigate, useLocation } from "../router.tsx";
import { Pager } from "./common.tsx";

interface ContentPage {
  items: AdminContentListItem[];
  total: number;
  page: number;
  page_size: number;
}

export const CONTENT_KIND_NAMES = [
  "page",
  "news",
  "blog",
  "faq",
] as const satisfies readonly ContentKind[];
const LANGUAGES = ["ru", "en", "uk"] as const;

/**
 * The site's texts (decision 032): every page, news item, blog post and FAQ question,
 * published or not; filter by kind, search slugs and titles, publish or hide in place.
 */
export function ContentScreen() {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const kind = params.get("kind") ?? "";
  const q = params.get("q") ?? "";
  const page = Number(params.get("page") ?? "1") || 1;
  const [data, setData] = useState<ContentPage | null>(null);
  const [error, setError] = useState("");
  const [query, setQuery] = useState(q);
  useEffect(() => setQuery(q), [q]);

  const load = useCallback(() => {
    api<ContentPage>("GET", `/content${queryString({ kind, q, page })}`)
      .then((result) => {
        setData(result);
        setError("");
      })
      .catch((reason) => setError(errorText(reason, t)));
  }, [kind, q, page, t]);
  useEffect(load, [load]);

  const go = (next: { kind?: string; q?: string; page?: number }) =>
    navigate(`${BASE}/content${queryString({ kind, q, ...next, page: next.page ?? undefined })}`);
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: query.trim() });
  };
  const setPublished = async (item: AdminContentListItem, published: boolean) => {
    try {
      await api("PATCH", `/content/${item.id}`, { published });
      load();
    } catch (reason) {
      setError(errorText(reason, t));
    }
  };

  return (
    <section aria-labelledby="content-title">
      <div className="row__head">
        <h1 id="content-title">{t("Console.Content.Title")}</h1>
        <Link className="button" href={`${BASE}/content/new`}>
          {t("Console.Content.New")}
        </Link>
      </div>
      <search>
        <form className="filters" onSubmit={submitSearch}>
          <div className="field">
            <label htmlFor="content-kind">{t("Console.Content.Kind")}</label>
            <select
              id="content-kind"
              value={kind}
              onChange={(event) => go({ kind: event.target.value })}
            >
              <option value="">{t("Console.Content.AllKinds")}</option>
              {CONTENT_KIND_NAMES.map((name) => (
                <option key={name} value={name}>
                  {t(`Console.Content.Kinds.${name}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field field--grow">
            <label htmlFor="content-q">{t("Console.Content.Search")}</label>
            <input
              id="content-q"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <button type="submit" className="button">
            {t("Console.Desk.Find")}
          </button>
        </form>
      </search>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {data && data.items.length === 0 && <p className="notice">{t("Console.Content.Empty")}</p>}
      {data && data.items.length > 0 && (
        <ul className="rows" aria-label={t("Console.Content.Title")}>
          {data.items.map((item) => {
            const title = item.titles[locale] ?? item.titles.ru ?? item.slug;
            return (
              <li key={item.id} className="row card" aria-label={title}>
                <div className="row__head">
                  <span className="badge badge--processing">
                    {t(`Console.Content.Kinds.${item.kind}`)}
                  </span>
                  <Link href={`${BASE}/content/${item.id}`}>
                    <strong>{title}</strong>
                  </Link>
                  <span
                    className={item.published ? "badge badge--completed" : "badge badge--cancelled"}
                  >
                    {item.published ? t("Console.Content.Published") : t("Console.Content.Hidden")}
                  </span>
                </div>
                <div className="row__view">
                  <span className="mono muted">{item.slug}</span>
                  {item.kind === "news" || item.kind === "blog" ? (
                    <span>{formatDateTime(item.published_at, locale)}</span>
                  ) : null}
                  {item.section && <span>{t(`Console.Content.Sections.${item.section}`)}</span>}
                  <span>
                    {LANGUAGES.filter((code) => item.titles[code] !== null)
                      .map((code) => code.toUpperCase())
                      .join(" · ")}
                  </span>
                  <a href={item.site_path} target="_blank" rel="noreferrer">
                    {t("Console.Content.OnSite")}
                  </a>
                  <button
                    type="button"
                    className="button button--small button--quiet"
                    onClick={() => setPublished(item, !item.published)}
                  >
                    {item.published ? t("Console.Content.Unpublish") : t("Console.Content.Publish")}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {data && (
        <Pager
          page={data.page}
          pageSize={data.page_size}
          total={data.total}
          onPage={(next) => go({ page: next })}
        />
      )}
    </section>
  );
}
