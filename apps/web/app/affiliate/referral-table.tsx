import type { Referral } from "@obmen/contracts";
import type { WebMessageKey } from "@obmen/i18n";
import { Link, useLocation } from "react-router";
import { readableAmount } from "../account/readable-amount.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { LocalTime } from "../order/local-time.tsx";
import { nextSort, type SortKey, type SortState, sortQuery, sortRows } from "./referral-sort.ts";

const COLUMNS: { key: SortKey; label: WebMessageKey }[] = [
  { key: "created_at", label: "Account.Affiliate.Date" },
  { key: "pair", label: "Account.Affiliate.Pair" },
  { key: "send_amount", label: "Account.Affiliate.Sent" },
  { key: "receive_amount", label: "Account.Affiliate.Received" },
  { key: "exchange_status", label: "Account.Affiliate.Status" },
  { key: "reward", label: "Account.Affiliate.Reward" },
];

function sortValue(row: Referral, key: SortKey): unknown {
  if (key === "pair") return `${row.send_currency.code} → ${row.receive_currency.code}`;
  return row[key];
}

/**
 * The orders the partner's links brought (spec §4's sortable list). Each heading is a link to
 * its next sort state, so sorting is a page load without JavaScript and a data load with it.
 */
export function ReferralTable({
  items,
  sort,
  currency,
}: {
  items: readonly Referral[];
  sort: SortState;
  currency: string;
}) {
  const { t, locale } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const rows = sortRows(items, sort, sortValue);
  return (
    <div className="affiliate-table-wrap">
      <table className="affiliate-table affiliate-table--referrals">
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const label = t(column.label);
              const active = sort?.key === column.key ? sort.dir : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    active === "asc" ? "ascending" : active === "desc" ? "descending" : undefined
                  }
                >
                  <Link
                    to={{ pathname, search: sortQuery(params, nextSort(sort, column.key)) }}
                    preventScrollReset
                    className="affiliate-table__sort"
                    aria-label={t("Account.Affiliate.SortBy", { column: label })}
                  >
                    {label}
                    <span aria-hidden="true">
                      {active === "asc" ? " ▲" : active === "desc" ? " ▼" : ""}
                    </span>
                  </Link>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.exchange_uuid}>
              <td data-label={t("Account.Affiliate.Date")}>
                <LocalTime iso={row.created_at} />
              </td>
              <td data-label={t("Account.Affiliate.Pair")}>
                {row.send_currency.name} → {row.receive_currency.name}
              </td>
              <td data-label={t("Account.Affiliate.Sent")}>
                {readableAmount(row.send_amount, locale)} {row.send_currency.code}
              </td>
              <td data-label={t("Account.Affiliate.Received")}>
                {readableAmount(row.receive_amount, locale)} {row.receive_currency.code}
              </td>
              <td data-label={t("Account.Affiliate.Status")}>
                {t(`Status.${row.exchange_status}.Name`)}
              </td>
              <td data-label={t("Account.Affiliate.Reward")}>
                {readableAmount(row.reward, locale)} {currency}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
