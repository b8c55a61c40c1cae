import { useState } from "react";
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { consoleApi } from "../../api/client.ts";
import { useI18n } from "../../i18n.tsx";
import { DESK_ROLES, requireOperator } from "../../session/session.ts";
import { CatalogueCreate } from "./catalogue-create.tsx";
import { CurrencyRow } from "./currency-row.tsx";
import { PairRow } from "./pair-row.tsx";

export async function catalogueLoader({ request }: LoaderFunctionArgs) {
  await requireOperator(DESK_ROLES);
  const api = consoleApi(request.signal);
  const [currencies, pairs] = await Promise.all([api.currencies.list(), api.pairs.list()]);
  return { currencies: currencies.items, pairs: pairs.items };
}

/**
 * Currencies and pairs, each row editable in place. Only the changed keys are sent; the API
 * checks them (decision 028) and its messages appear under the inputs they concern.
 */
export function CatalogueScreen() {
  const { t } = useI18n();
  const { currencies, pairs } = useLoaderData<typeof catalogueLoader>();
  const { revalidate } = useRevalidator();
  const load = () => void revalidate();
  const [tab, setTab] = useState<"pairs" | "currencies" | "new">("pairs");
  const [filter, setFilter] = useState("");

  const needle = filter.trim().toUpperCase();
  const shownCurrencies = currencies.filter((currency) =>
    `${currency.url_xml} ${currency.currency_code} ${currency.pay_system.shown_name} ${currency.pay_system.name}`
      .toUpperCase()
      .includes(needle),
  );
  const shownPairs = pairs.filter((pair) =>
    `${pair.send_currency.url_xml} ${pair.receive_currency.url_xml}`.toUpperCase().includes(needle),
  );
  return (
    <section aria-labelledby="catalogue-title">
      <h1 id="catalogue-title">{t("Console.Catalogue.Title")}</h1>
      <div className="tabs">
        <div className="tabs__buttons">
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={tab === "pairs"}
            onClick={() => setTab("pairs")}
          >
            {t("Console.Catalogue.Pairs")} ({pairs.length})
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={tab === "currencies"}
            onClick={() => setTab("currencies")}
          >
            {t("Console.Catalogue.Currencies")} ({currencies.length})
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={tab === "new"}
            onClick={() => setTab("new")}
          >
            {t("Console.Create.Tab")}
          </button>
        </div>
        <div className="field">
          <label htmlFor="catalogue-filter">{t("Console.Catalogue.Filter")}</label>
          <input
            id="catalogue-filter"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="USDTTRC20"
          />
        </div>
      </div>
      {tab === "new" ? (
        <CatalogueCreate currencies={currencies} onCreated={load} />
      ) : tab === "currencies" ? (
        <ul className="rows" aria-label={t("Console.Catalogue.Currencies")}>
          {shownCurrencies.map((currency) => (
            <CurrencyRow key={currency.id} currency={currency} onSaved={load} />
          ))}
        </ul>
      ) : (
        <ul className="rows" aria-label={t("Console.Catalogue.Pairs")}>
          {shownPairs.map((pair) => (
            <PairRow key={pair.id} pair={pair} onSaved={load} />
          ))}
        </ul>
      )}
    </section>
  );
}
