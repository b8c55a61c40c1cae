import { Link, useLocation, useRouteLoaderData } from "react-router";
import { readableAmount } from "../account/readable-amount.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import type { loader as rootLoader } from "../root.tsx";
import { formatShare } from "./format-share.ts";
import "./affiliate.css";

export interface ProgrammeTerms {
  share: string;
  currency: string;
  min_withdrawal: string;
}

/**
 * The programme's terms on `/partner` (issue 18), from the API's settings (`AFFILIATE_SHARE`,
 * `AFFILIATE_MIN_WITHDRAWAL`), never from the page's text, so the page cannot promise other
 * numbers than the ledger pays. A signed-in visitor goes to their link; anyone else to sign-up.
 */
export function PartnerTerms({ terms }: { terms: ProgrammeTerms }) {
  const { t, locale } = useTranslation();
  const href = useLocalizedHref();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  return (
    <section className="partner-terms" aria-labelledby="partner-terms">
      <h2 id="partner-terms" className="partner-terms__title">
        {t("Affiliate.Terms.Title")}
      </h2>
      <ul>
        <li data-testid="partner-share">
          {t("Affiliate.Terms.Share", { share: formatShare(terms.share, locale) })}
        </li>
        <li data-testid="partner-minimum">
          {t("Affiliate.Terms.Currency", {
            currency: terms.currency,
            min: readableAmount(terms.min_withdrawal, locale),
          })}
        </li>
        <li>{t("Affiliate.Terms.Cookie")}</li>
      </ul>
      {root?.user ? (
        <Link to={href("/account/affiliate")} className="button">
          {t("Affiliate.Terms.Join")}
        </Link>
      ) : (
        <Link to={`${pathname}?modal=register`} className="button" rel="nofollow">
          {t("Affiliate.Terms.Register")}
        </Link>
      )}
    </section>
  );
}
