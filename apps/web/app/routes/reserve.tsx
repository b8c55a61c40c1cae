import { useState } from "react";
import { Form, useSearchParams } from "react-router";
import { Breadcrumbs } from "../content/breadcrumbs.tsx";
import { filterReserveGroups, type ReserveRow, toReserveGroups } from "../content/reserve-rows.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/reserve";
import "../content/content.css";
import "../calculator/calculator.css";

/** `/reserve` (spec §2): what the exchange can pay out now, per currency (`/rest/reserve/list`). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  const { api, clientIp } = context.get(webContext);
  const entries = await api.reserves.list({ ip: clientIp, lang: locale });
  return { groups: toReserveGroups(entries, locale) };
}

/**
 * The search filters as you type; without JavaScript the same form submits `?q=` and the
 * server renders the filtered list, so both read the query the same way.
 */
export default function Reserve({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState(searchParams.get("q") ?? "");
  const groups = filterReserveGroups(loaderData.groups, query);
  const found = groups.reduce((sum, group) => sum + group.rows.length, 0);
  const searching = query.trim() !== "";
  return (
    <section className="content content--wide" aria-labelledby="reserve-title">
      <title>{t("Reserve.MetaTitle")}</title>
      <meta name="description" content={t("Reserve.MetaDescription")} />
      <Breadcrumbs trail={[]} current={t("Reserve.Title")} />
      <h1 id="reserve-title" className="content__title">
        {t("Reserve.Title")}
      </h1>
      <p className="content__lead">{t("Reserve.Lead")}</p>
      {loaderData.groups.length === 0 ? (
        <p className="notice">{t("Reserve.Empty")}</p>
      ) : (
        <>
          <Form
            method="get"
            role="search"
            className="inline-form reserve-search"
            // Typing already filtered the list: a submit must not reload it from the server.
            onSubmit={(event) => event.preventDefault()}
          >
            <div className="field inline-form__field">
              <label htmlFor="reserve-q" className="field__label">
                {t("Reserve.SearchLabel")}
              </label>
              <input
                id="reserve-q"
                name="q"
                type="search"
                className="field__input"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                autoComplete="off"
                aria-describedby="reserve-q-hint"
              />
              <p id="reserve-q-hint" className="field__hint">
                {t("Reserve.SearchHint")}
              </p>
            </div>
            <button type="submit" className="button inline-form__button">
              {t("Reserve.SearchSubmit")}
            </button>
          </Form>
          <p className="reserve-found" role="status">
            {searching &&
              (found === 0
                ? t("Reserve.NoMatch", { query: query.trim() })
                : t("Reserve.Found", { count: found }))}
          </p>
          <div className="reserve-groups">
            {groups.map((group) => (
              <section
                key={group.kind}
                className="reserve-group"
                aria-labelledby={`reserve-${group.kind}`}
              >
                <h2 id={`reserve-${group.kind}`} className="reserve-group__title">
                  {t(`Reserve.Kinds.${group.kind}`)}
                </h2>
                <table className="reserve-table">
                  <thead className="visually-hidden">
                    <tr>
                      <th scope="col">{t("Reserve.Currency")}</th>
                      <th scope="col">{t("Reserve.Amount")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {group.rows.map((row) => (
                      <ReserveLine key={row.id} row={row} />
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function ReserveLine({ row }: { row: ReserveRow }) {
  return (
    <tr className="reserve-row">
      <th scope="row" className="reserve-row__currency">
        <img src={row.icon} alt="" width={32} height={32} loading="lazy" decoding="async" />
        <span className="reserve-row__label">
          <span className="reserve-row__name">{row.name}</span>
          <span className="reserve-row__code">{row.code}</span>
        </span>
      </th>
      <td className="reserve-row__amount">
        <span className="reserve-row__value">{row.amount}</span>{" "}
        <span className="reserve-row__unit">{row.code}</span>
      </td>
    </tr>
  );
}
