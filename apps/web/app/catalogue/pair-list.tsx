import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import type { CurrencyView, PairRow } from "./to-pair-rows.ts";

/**
 * The list of exchange directions. `pairs === null` means the API call failed: the page still
 * renders (spec §8) and says so, instead of pretending there are no directions.
 */
export function PairList({ pairs }: { pairs: PairRow[] | null }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <section className="pairs" aria-labelledby="pairs-heading">
      <div className="pairs__head">
        <h2 id="pairs-heading">{t("Home.PairsHeading")}</h2>
        {pairs && pairs.length > 0 && (
          <span className="pairs__count">{t("Home.PairsCount", { count: pairs.length })}</span>
        )}
      </div>
      {pairs === null ? (
        <p className="notice" role="status">
          {t("Home.Unavailable")}
        </p>
      ) : pairs.length === 0 ? (
        <p className="notice">{t("Home.Empty")}</p>
      ) : (
        <ul className="pairs__list">
          {pairs.map((pair) => (
            <li key={pair.id} className="pair">
              {/* The whole row is the link target; its name is the route "A → B". */}
              <Link to={href(pair.path)} className="pair__route pair__link">
                <Side label={t("Home.Send")} currency={pair.send} />
                <span className="pair__arrow" aria-hidden="true">
                  →
                </span>
                <Side label={t("Home.Receive")} currency={pair.receive} />
              </Link>
              <dl className="pair__facts">
                <div>
                  <dt>{t("Home.Rate")}</dt>
                  <dd>{pair.rate}</dd>
                </div>
                <div>
                  <dt>{t("Home.Reserve")}</dt>
                  <dd>{pair.reserve}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Side({ label, currency }: { label: string; currency: CurrencyView }) {
  return (
    <div className="pair__side">
      <span className="visually-hidden">{label}: </span>
      <img src={currency.icon} alt="" width={28} height={28} loading="lazy" decoding="async" />
      <span className="pair__label">
        <span className="pair__name">{currency.name}</span>
        <span className="pair__code">{currency.code}</span>
      </span>
    </div>
  );
}
