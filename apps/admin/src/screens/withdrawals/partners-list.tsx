import type { AdminPartner } from "@obmen/contracts";
import { formatDateTime, formatProgrammeAmount } from "../../format/format.ts";
import { useI18n } from "../../i18n.tsx";
import { Pager } from "../../ui/common.tsx";

interface PartnerPage {
  items: AdminPartner[];
  total: number;
  page: number;
  page_size: number;
}

/** Partners with their ledger balances (derived from the ledger by the API, decision 029). */
export function PartnersList({
  data,
  onPage,
}: {
  data: PartnerPage;
  onPage: (page: number) => void;
}) {
  const { t, locale } = useI18n();
  if (data.items.length === 0)
    return <p className="notice">{t("Console.Withdrawals.NoPartners")}</p>;
  return (
    <>
      <ul className="rows" aria-label={t("Console.Withdrawals.Partners")}>
        {data.items.map((partner) => {
          const money = (value: string) =>
            formatProgrammeAmount({ amount: value, code: partner.balance.currency, locale });
          return (
            <li key={partner.id} className="row card" aria-label={partner.email}>
              <div className="row__head">
                <strong>{partner.email}</strong>
                <span className="muted">
                  {t("Console.Withdrawals.Since", {
                    date: formatDateTime(partner.created_at, locale),
                  })}
                </span>
              </div>
              <div className="row__view">
                <span>
                  {t("Console.Withdrawals.Available")}: {money(partner.balance.available)}
                </span>
                <span>
                  {t("Console.Withdrawals.OnHold")}: {money(partner.balance.on_hold)}
                </span>
                <span>
                  {t("Console.Withdrawals.PaidOut")}: {money(partner.balance.paid)}
                </span>
                {partner.debt !== "0" && (
                  <span className="partner__debt">
                    {t("Console.Withdrawals.Debt")}: {money(partner.debt)}
                  </span>
                )}
                <span>
                  {t("Console.Withdrawals.Channels")}: {partner.channels}
                </span>
                <span>
                  {t("Console.Withdrawals.Orders")}: {partner.orders}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={onPage} />
    </>
  );
}
