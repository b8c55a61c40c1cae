import { isOrderStatus, ORDER_STATUSES } from "@obmen/domain";
import { data, Form, Link, useSubmit } from "react-router";
import { loadAccountData } from "../../account/account-api.server.ts";
import { loadCurrencyOptions } from "../../account/currency-options.server.ts";
import { currencyAmount } from "../../account/readable-amount.ts";
import { isUnavailable } from "../../account/unavailable.ts";
import { requireUser } from "../../account/visitor.server.ts";
import { parsePageParam } from "../../content/page-param.ts";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../../i18n/use-locale.ts";
import { LocalTime } from "../../order/local-time.tsx";
import { webContext } from "../../web-context.server.ts";
import type { Route } from "./+types/history";

/**
 * `/account`, the account layout's index (spec §2): the order history, newest first, every
 * order placed with the user's confirmed address (issue 13), filtered by status and paged
 * (`?status=paid&page=2`). Each order links to its own page.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { caller, locale } = await requireUser(context, request);
  const page = parsePageParam(url.searchParams);
  const statusParam = url.searchParams.get("status") || null;
  const status = statusParam !== null && isOrderStatus(statusParam) ? statusParam : null;
  if (page === null || (statusParam !== null && status === null)) {
    throw data(`Page Not Found: ${url.pathname}${url.search}`, { status: 404 });
  }
  const { api } = context.get(webContext);
  const [list, options] = await Promise.all([
    loadAccountData(context, request, () =>
      api.user.orders(caller, { page, ...(status ? { status } : {}) }),
    ),
    loadCurrencyOptions(context, locale),
  ]);
  return { status, page, list, currencies: options.amountCurrencies };
}

export default function OrderHistory({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const href = useLocalizedHref();
  const submit = useSubmit();
  const { status, page, list, currencies } = loaderData;
  const title = t("Account.History.Title");
  return (
    <>
      <title>{`${title} — ${t("Site.Name")}`}</title>
      <h2 className="account-card__title">{title}</h2>
      <Form
        method="get"
        className="status-filter"
        onChange={(event) => void submit(event.currentTarget)}
      >
        <div className="field">
          <label htmlFor="history-status" className="field__label">
            {t("Account.History.StatusFilter")}
          </label>
          <select
            id="history-status"
            name="status"
            className="field__input"
            defaultValue={status ?? ""}
          >
            <option value="">{t("Account.History.AllStatuses")}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`Status.${value}.Name`)}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button type="submit" className="button">
            {t("Account.History.Apply")}
          </button>
        </noscript>
      </Form>
      {isUnavailable(list) ? (
        <p role="alert" className="account-notice account-notice--problem">
          {t("Account.Unavailable")}
        </p>
      ) : list.items.length === 0 ? (
        <div className="account-card">
          <p className="account-empty">
            {status ? t("Account.History.EmptyFiltered") : t("Account.History.Empty")}
          </p>
          {!status && (
            <Link to={href("/")} className="button">
              {t("Account.History.Start")}
            </Link>
          )}
        </div>
      ) : (
        <>
          <ul className="account-list">
            {list.items.map((order) => (
              <li key={order.exchange_uuid} className="account-item">
                <div className="account-item__main">
                  <Link to={href(`/order/${order.exchange_uuid}`)} className="account-item__title">
                    {t("Account.History.Order", {
                      send: order.send_currency.name,
                      receive: order.receive_currency.name,
                    })}
                  </Link>
                  <span className="order-row__amounts">
                    {currencyAmount(
                      order.send_amount,
                      order.send_currency.code,
                      currencies[order.send_currency.id],
                      locale,
                    )}{" "}
                    →{" "}
                    {currencyAmount(
                      order.receive_amount,
                      order.receive_currency.code,
                      currencies[order.receive_currency.id],
                      locale,
                    )}
                  </span>
                  <span className="account-item__meta">
                    <LocalTime iso={order.created_at} />
                  </span>
                </div>
                <span className="order-row__status">
                  {t(`Status.${order.exchange_status}.Name`)}
                </span>
              </li>
            ))}
          </ul>
          <HistoryPager
            status={status}
            page={page}
            pages={Math.ceil(list.total / list.page_size)}
          />
        </>
      )}
    </>
  );
}

/** Newer and older pages, keeping the status filter. */
function HistoryPager({
  status,
  page,
  pages,
}: {
  status: string | null;
  page: number;
  pages: number;
}) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  if (pages <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams();
    if (status) params.set("status", status);
    if (target > 1) params.set("page", String(target));
    return `${href("/account")}${params.size > 0 ? `?${params}` : ""}`;
  };
  return (
    <nav className="status-filter" aria-label={t("Content.Pagination.Label")}>
      {page > 1 && (
        <Link to={to(page - 1)} className="button button--secondary" rel="prev">
          ← {t("Content.Pagination.Previous")}
        </Link>
      )}
      <span className="account-item__meta">{t("Content.Pagination.Page", { page })}</span>
      {page < pages && (
        <Link to={to(page + 1)} className="button button--secondary" rel="next">
          {t("Content.Pagination.Next")} →
        </Link>
      )}
    </nav>
  );
}
