import type { AdminOrderListItem } from "@obmen/contracts";
import { formatAmount } from "@obmen/domain";
import { type FormEvent, useEffect, useState } from "react";
import { api, queryString } from "../api.ts";
import { errorText } from "../app.tsx";
import { ageParts, formatDateTime } from "../format.ts";
import { type ConsoleTranslate, useI18n } from "../i18n.tsx";
import { BASE, Link, navigate, useLocation } from "../router.tsx";
import { ORDER_STATUS_NAMES, Pager, StatusBadge } from "./common.tsx";

interface OrderPage {
  items: AdminOrderListItem[];
  total: number;
  /** More than `total` match (the API counts up to a limit). */
  total_capped: boolean;
  page: number;
  page_size: number;
}

/** How often the queue is asked again (decision 030: polling, not a stream). */
export const QUEUE_POLL_MS = 5_000;

/** The live queue: new and paid first, filters and search kept in the URL. */
export function DeskScreen() {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const status = params.get("status") ?? "";
  const q = params.get("q") ?? "";
  const page = Number(params.get("page") ?? "1") || 1;
  const [data, setData] = useState<OrderPage | null>(null);
  const [error, setError] = useState("");
  const [now, setNow] = useState(Date.now());
  const [query, setQuery] = useState(q);

  useEffect(() => setQuery(q), [q]);

  useEffect(() => {
    let stopped = false;
    const load = () => {
      if (document.visibilityState === "hidden") return;
      api<OrderPage>("GET", `/orders${queryString({ status, q, page })}`)
        .then((result) => {
          if (stopped) return;
          setData(result);
          setError("");
          setNow(Date.now());
        })
        .catch((reason) => !stopped && setError(errorText(reason, t)));
    };
    load();
    const timer = window.setInterval(load, QUEUE_POLL_MS);
    document.addEventListener("visibilitychange", load);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", load);
    };
  }, [status, q, page, t]);

  const go = (next: { status?: string; q?: string; page?: number }) =>
    navigate(`${BASE}${queryString({ status, q, ...next, page: next.page ?? undefined })}`);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ q: query.trim() });
  };

  return (
    <section className="desk" aria-labelledby="desk-title">
      <h1 id="desk-title">{t("Console.Desk.Title")}</h1>
      <search>
        <form className="filters" onSubmit={submitSearch}>
          <div className="field">
            <label htmlFor="desk-status">{t("Console.Desk.Status")}</label>
            <select
              id="desk-status"
              value={status}
              onChange={(event) => go({ status: event.target.value })}
            >
              <option value="">{t("Console.Desk.AllStatuses")}</option>
              {ORDER_STATUS_NAMES.map((name) => (
                <option key={name} value={name}>
                  {t(`Status.${name}.Name`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field field--grow">
            <label htmlFor="desk-q">{t("Console.Desk.Search")}</label>
            <input
              id="desk-q"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t("Console.Desk.SearchHint")}
            />
          </div>
          <button type="submit" className="button">
            {t("Console.Desk.Find")}
          </button>
        </form>
      </search>
      <p className="desk__live" aria-live="polite">
        {data
          ? `${t(data.total_capped ? "Console.Desk.TotalMoreThan" : "Console.Desk.Total", { count: data.total })} · `
          : ""}
        {t("Console.Desk.Live", { seconds: QUEUE_POLL_MS / 1000 })}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {data && data.items.length === 0 && <p className="notice">{t("Console.Desk.Empty")}</p>}
      {data && data.items.length > 0 && (
        <ul className="queue">
          {data.items.map((order) => (
            <QueueRow key={order.exchange_uuid} order={order} now={now} t={t} locale={locale} />
          ))}
        </ul>
      )}
      {data && (
        <Pager
          page={data.page}
          pageSize={data.page_size}
          total={data.total}
          onPage={(next) => go({ page: next })}
        />
      )}
    </section>
  );
}

/** One order of the queue: its amounts as the site and the letters write them (decision 022). */
export function QueueRow({
  order,
  now,
  t,
  locale,
}: {
  order: AdminOrderListItem;
  now: number;
  t: ConsoleTranslate;
  locale: string;
}) {
  const age = ageParts(order.created_at, now);
  const waiting = order.exchange_status === "new" || order.exchange_status === "paid";
  return (
    <li className={waiting ? "queue__row queue__row--waiting" : "queue__row"}>
      <Link className="queue__link" href={`${BASE}/orders/${order.exchange_uuid}`}>
        <span className="queue__id">{order.exchange_uuid}</span>
      </Link>
      <StatusBadge status={order.exchange_status} />
      <span className="queue__amounts">
        {queueAmount(order.send_amount, order.send_currency, locale)} →{" "}
        {queueAmount(order.receive_amount, order.receive_currency, locale)}
      </span>
      <span className="queue__email">{order.email}</span>
      <span className="queue__age" title={formatDateTime(order.created_at, locale)}>
        {t(`Console.Age.${age.unit}`, { count: age.count })}
      </span>
    </li>
  );
}

/**
 * The queue names a currency by its `url_xml` (`USDTTRC20`, `SBERRUB`): two currencies may share
 * a code, and the operator must tell them apart at a glance.
 */
function queueAmount(
  amount: string,
  currency: AdminOrderListItem["send_currency"],
  locale: string,
): string {
  return formatAmount({
    amount,
    currency: { code: currency.url_xml, decimals: currency.decimals },
    locale,
  });
}
