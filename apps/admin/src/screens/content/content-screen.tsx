import type { AdminContentListItem, ContentKind } from "@obmen/contracts";
import { type FormEvent, useEffect, useState } from "react";
import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
  useNavigate,
  useSearchParams,
} from "react-router";
import { consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { pageParam, queryString } from "../../api/query-string.ts";
import { formatDateTime } from "../../format/format.ts";
import { useI18n } from "../../i18n.tsx";
import { CONTENT_ROLES, requireOperator } from "../../session/session.ts";
import { Pager } from "../../ui/common.tsx";
import { FormError } from "../../ui/messages.tsx";

export const CONTENT_KIND_NAMES = [
  "page",
  "news",
  "blog",
  "faq",
] as const satisfies readonly ContentKind[];
const LANGUAGES = ["ru", "en", "uk"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(CONTENT_ROLES);
  const params = new URL(request.url).searchParams;
  return consoleApi(request.signal).content.list({
    kind: (params.get("kind") || undefined) as ContentKind | undefined,
    q: params.get("q") || undefined,
    page: pageParam(params),
  });
}

/** Publishes or hides one text; a refusal is returned for the list to say. */
export async function action({ request }: ActionFunctionArgs) {
  await requireOperator(CONTENT_ROLES);
  const { id, published } = (await request.json()) as { id: number; published: boolean };
  try {
    await consoleApi(request.signal).content.update(id, { published });
    return { failure: null };
  } catch (failure) {
    return { failure };
  }
}

/**
 * The site's texts (decision 032): every page, news item, blog post and FAQ question,
 * published or not; filter by kind, search slugs and titles, publish or hide in place.
 */
export function Component() {
  const { t, locale } = useI18n();
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const publisher = useFetcher<typeof action>();
  const kind = params.get("kind") ?? "";
  const q = params.get("q") ?? "";
  const [query, setQuery] = useState(q);
  useEffect(() => setQuery(q), [q]);
  const failure = publisher.state === "idle" ? publisher.data?.failure : null;

  const go = (next: { kind?: string; q?: string; page?: number }) =>
    navigate(`/content${queryString({ kind, q, ...next, page: next.page ?? undefined })}`);
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: query.trim() });
  };
  const setPublished = (item: AdminContentListItem, published: boolean) =>
    void publisher.submit(
      { id: item.id, published },
      { method: "post", encType: "application/json" },
    );

  return (
    <section aria-labelledby="content-title">
      <div className="row__head">
        <h1 id="content-title">{t("Console.Content.Title")}</h1>
        <Link className="button" to="/content/new">
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
      <FormError message={failure ? errorText(failure, t) : ""} />
      {data.items.length === 0 && <p className="notice">{t("Console.Content.Empty")}</p>}
      {data.items.length > 0 && (
        <ul className="rows" aria-label={t("Console.Content.Title")}>
          {data.items.map((item) => {
            const title = item.titles[locale] ?? item.titles.ru ?? item.slug;
            return (
              <li key={item.id} className="row card" aria-label={title}>
                <div className="row__head">
                  <span className="badge badge--processing">
                    {t(`Console.Content.Kinds.${item.kind}`)}
                  </span>
                  <Link to={`/content/${item.id}`}>
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
      <Pager
        page={data.page}
        pageSize={data.page_size}
        total={data.total}
        onPage={(next) => go({ page: next })}
      />
    </section>
  );
}
