import type { PartnerBalance } from "@obmen/contracts";
import { readableAmount } from "../account/readable-amount.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";

/**
 * Whether the partner owes anything: `debt` is a non-negative decimal string ("0" when none),
 * so it is above zero exactly when it has a non-zero digit.
 */
export function owesDebt(balance: Pick<PartnerBalance, "debt">): boolean {
  return /[1-9]/.test(balance.debt);
}

/**
 * The partner's balance (`ref_channel/info`): available, on hold, paid out and, only when
 * there is one, what it owes after an order was refunded after completion (decision 039), with
 * a line saying why, so a partner with a debt can tell why `available` is 0.
 */
export function BalanceCard({ balance }: { balance: PartnerBalance }) {
  const { t, locale } = useTranslation();
  const debt = owesDebt(balance);
  return (
    <section className="account-card" aria-labelledby="affiliate-balance">
      <h3 id="affiliate-balance" className="account-card__title">
        {t("Account.Affiliate.BalanceTitle", { currency: balance.currency })}
      </h3>
      <dl className="affiliate-balance">
        <div>
          <dt>{t("Account.Affiliate.Available")}</dt>
          <dd data-testid="balance-available">{readableAmount(balance.available, locale)}</dd>
        </div>
        <div>
          <dt>{t("Account.Affiliate.OnHold")}</dt>
          <dd data-testid="balance-on-hold">{readableAmount(balance.on_hold, locale)}</dd>
        </div>
        <div>
          <dt>{t("Account.Affiliate.Paid")}</dt>
          <dd data-testid="balance-paid">{readableAmount(balance.paid, locale)}</dd>
        </div>
        {debt && (
          <div className="affiliate-balance__debt">
            <dt>{t("Account.Affiliate.Debt")}</dt>
            <dd data-testid="balance-debt">{readableAmount(balance.debt, locale)}</dd>
          </div>
        )}
      </dl>
      {debt && (
        <p className="affiliate-balance__note" data-testid="balance-debt-note">
          {t("Account.Affiliate.DebtNote", {
            debt: readableAmount(balance.debt, locale),
            currency: balance.currency,
          })}
        </p>
      )}
    </section>
  );
}
