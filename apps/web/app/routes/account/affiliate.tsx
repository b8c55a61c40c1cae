import { Link } from "react-router";
import { readForm } from "../../account/read-form.server.ts";
import { isUnavailable } from "../../account/unavailable.ts";
import { requireUser } from "../../account/visitor.server.ts";
import { affiliatePageAction, loadAffiliatePage } from "../../affiliate/affiliate-page.server.ts";
import { BalanceCard } from "../../affiliate/balance-card.tsx";
import { ChannelsSection } from "../../affiliate/channels-section.tsx";
import { formatShare } from "../../affiliate/format-share.ts";
import { ReferralTable } from "../../affiliate/referral-table.tsx";
import { WithdrawalHistory, WithdrawForm } from "../../affiliate/withdraw-section.tsx";
import { getServerT } from "../../i18n/catalogs.server.ts";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../../i18n/use-locale.ts";
import { CopyButton } from "../../order/copy-button.tsx";
import type { Route } from "./+types/affiliate";
import "../../affiliate/affiliate.css";

/**
 * `/account/affiliate` (spec §2, issue 18): the partner's link with a QR code, the balance,
 * channels with their stats and chart, the orders the links brought (sortable, spec §4), the
 * payout form and the withdrawals. Every part renders on the server; forms post to the action.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { caller } = await requireUser(context, request);
  return loadAffiliatePage(context, request, caller, url);
}

export async function action({ context, request }: Route.ActionArgs) {
  const { caller, locale } = await requireUser(context, request);
  const form = await readForm(request);
  return affiliatePageAction({ context, request, caller, form, t: getServerT(locale) });
}

export default function Affiliate({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const href = useLocalizedHref();
  const { info, qrSvg, channels, daily, referrals, currencies, withdrawals } = loaderData;
  const title = t("Account.Affiliate.Title");
  const unavailable = (
    <p role="alert" className="account-notice account-notice--problem">
      {t("Account.Unavailable")}
    </p>
  );
  const currency = isUnavailable(info) ? "" : info.balance.currency;
  const referralList = isUnavailable(referrals) ? null : referrals;
  return (
    <>
      <title>{`${title} — ${t("Site.Name")}`}</title>
      <h2 className="account-card__title">{title}</h2>
      {isUnavailable(info) ? (
        unavailable
      ) : (
        <>
          <p className="account-empty">
            {t("Account.Affiliate.Lead", { share: formatShare(info.share, locale) })}{" "}
            <Link to={href("/account/affiliatepromotion")}>{t("Account.Affiliate.Promotion")}</Link>
          </p>
          <div className="affiliate-top">
            <section className="account-card affiliate-link" aria-labelledby="affiliate-link">
              <h3 id="affiliate-link" className="account-card__title">
                {t("Account.Affiliate.LinkTitle")}
              </h3>
              <p className="affiliate-link__value">
                <code data-testid="ref-link">{info.ref_link}</code>
                <CopyButton value={info.ref_link} what={t("Account.Affiliate.Link")} />
              </p>
              {qrSvg && (
                <div
                  className="affiliate-link__qr"
                  role="img"
                  aria-label={t("Account.Affiliate.QrLabel")}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: the qrcode library's SVG of our own link, drawn on the server.
                  dangerouslySetInnerHTML={{ __html: qrSvg }}
                />
              )}
            </section>
            <BalanceCard balance={info.balance} />
          </div>
        </>
      )}
      {isUnavailable(channels) ? (
        unavailable
      ) : (
        <ChannelsSection
          channels={channels}
          daily={isUnavailable(daily) ? null : daily}
          today={loaderData.today}
          chartChannel={loaderData.chartChannel}
          currency={currency}
          answer={actionData}
        />
      )}
      <section className="account-card" aria-labelledby="affiliate-referrals">
        <h3 id="affiliate-referrals" className="account-card__title">
          {t("Account.Affiliate.ReferralsTitle")}
        </h3>
        {referralList === null ? (
          unavailable
        ) : referralList.items.length === 0 ? (
          <p className="account-empty">{t("Account.Affiliate.ReferralsEmpty")}</p>
        ) : (
          <ReferralTable items={referralList.items} sort={loaderData.sort} currency={currency} />
        )}
        {referralList && (
          <ReferralPages
            page={loaderData.page}
            pages={Math.ceil(referralList.total / referralList.page_size)}
          />
        )}
      </section>
      <section className="account-card" aria-labelledby="affiliate-withdraw">
        <h3 id="affiliate-withdraw" className="account-card__title">
          {t("Account.Affiliate.WithdrawTitle")}
        </h3>
        {isUnavailable(currencies) ? (
          unavailable
        ) : (
          <WithdrawForm
            currencies={currencies}
            payoutId={loaderData.payoutId}
            programmeCurrency={currency}
            balance={isUnavailable(info) ? null : info.balance}
            answer={actionData}
          />
        )}
      </section>
      <section className="account-card" aria-labelledby="affiliate-history">
        <h3 id="affiliate-history" className="account-card__title">
          {t("Account.Affiliate.HistoryTitle")}
        </h3>
        {isUnavailable(withdrawals) ? unavailable : <WithdrawalHistory items={withdrawals} />}
      </section>
    </>
  );
}

/** Newer and older pages of the referral list (the API's pages, newest first). */
function ReferralPages({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="affiliate-pages">
      {page > 1 && (
        <Link to={`?page=${page - 1}`} preventScrollReset>
          {t("Account.Affiliate.Newer")}
        </Link>
      )}
      {page < pages && (
        <Link to={`?page=${page + 1}`} preventScrollReset>
          {t("Account.Affiliate.Older")}
        </Link>
      )}
    </nav>
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}
