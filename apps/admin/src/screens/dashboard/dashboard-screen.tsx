import type { DashboardPeriod, OrderStatus } from "@obmen/contracts";
import { Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from "react-router";
import { consoleApi } from "../../api/client.ts";
import { queryString } from "../../api/query-string.ts";
import { usePoll } from "../../api/use-poll.ts";
import { formatMoney } from "../../format/money.ts";
import { useI18n } from "../../i18n.tsx";
import { DESK_ROLES, requireOperator } from "../../session/session.ts";
import { DashboardChart } from "./dashboard-chart.tsx";
import "./dashboard.css";

/** How often the figures are fetched again while the screen is open (a cheap query). */
const REFRESH_MS = 60_000;

/** The period is in the address (`?period=30d`), so a link opens the same figures. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(DESK_ROLES);
  const period: DashboardPeriod =
    new URL(request.url).searchParams.get("period") === "30d" ? "30d" : "today";
  return consoleApi(request.signal).dashboard(period);
}

/**
 * The operators' overview (issue 14 point 5): today or 30 days, orders by status, completed
 * volume and profit by direction (each in its own currency), a chart of orders, low reserves.
 * Loaded on first use (a lazy route), so the desk's first load does not carry it.
 */
export function Component() {
  const { t, locale } = useI18n();
  const data = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const period = data.period;
  const setPeriod = (next: DashboardPeriod) =>
    setParams(next === "today" ? {} : { period: next }, { replace: true });
  usePoll(REFRESH_MS);

  // A profit comes from a division and may have 18 places: it is cut to the currency's own
  // (toward zero), as a reserve is, so a bitcoin profit keeps its satoshis.
  const amount = (
    value: string,
    currency: { currency_code: string; decimals: number },
    roundDown = false,
  ) =>
    formatMoney({
      amount: value,
      currency: { code: currency.currency_code, decimals: currency.decimals },
      locale,
      roundDown,
    });
  return (
    <section aria-labelledby="dashboard-title" className="dashboard">
      <div className="dashboard__head">
        <h1 id="dashboard-title">{t("Console.Dashboard.Title")}</h1>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t("Console.Dashboard.Period")}</legend>
          {(["today", "30d"] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="period"
                value={value}
                checked={period === value}
                onChange={() => setPeriod(value)}
              />
              {t(`Console.Dashboard.Periods.${value}`)}
            </label>
          ))}
        </fieldset>
      </div>
      {data.low_reserves.length > 0 && (
        <div className="notice notice--error" role="alert">
          <h2>{t("Console.Dashboard.LowReserves")}</h2>
          <ul>
            {data.low_reserves.map((row) => (
              <li key={row.id}>
                {t("Console.Dashboard.LowReserve", {
                  currency: `${row.pay_system} ${row.currency_code}`,
                  available: amount(row.available, row),
                  warning: amount(row.reserve_warning, row),
                })}
              </li>
            ))}
          </ul>
          <Link to="/catalogue">{t("Console.Dashboard.ToCatalogue")}</Link>
        </div>
      )}

      <div className="card">
        <h2>{t("Console.Dashboard.ByStatus")}</h2>
        <dl className="tiles">
          {(Object.entries(data.by_status) as [OrderStatus, number][]).map(([status, count]) => (
            <div key={status} className="tile">
              <dt>{t(`Status.${status}.Name`)}</dt>
              <dd>
                <Link to={`/${queryString({ status })}`}>{count}</Link>
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="card">
        <h2>{t(`Console.Dashboard.Chart.${data.bucket}`)}</h2>
        <DashboardChart series={data.series} bucket={data.bucket} />
      </div>
      <div className="card">
        <h2>{t("Console.Dashboard.Directions")}</h2>
        {data.directions.length === 0 ? (
          <p className="muted">{t("Console.Dashboard.NoCompleted")}</p>
        ) : (
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("Console.Dashboard.Direction")}</th>
                  <th scope="col">{t("Console.Dashboard.Completed")}</th>
                  <th scope="col">{t("Console.Dashboard.Sent")}</th>
                  <th scope="col">{t("Console.Dashboard.Received")}</th>
                  <th scope="col">{t("Console.Dashboard.Profit")}</th>
                </tr>
              </thead>
              <tbody>
                {data.directions.map((row) => (
                  <tr key={`${row.send_currency.id}-${row.receive_currency.id}`}>
                    <th scope="row">
                      {row.send_currency.pay_system} {row.send_currency.currency_code} →{" "}
                      {row.receive_currency.pay_system} {row.receive_currency.currency_code}
                    </th>
                    <td>{row.completed}</td>
                    <td>{amount(row.send_volume, row.send_currency)}</td>
                    <td>{amount(row.receive_volume, row.receive_currency)}</td>
                    <td className={row.profit.startsWith("-") ? "loss" : undefined}>
                      {amount(row.profit, row.receive_currency, true)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="muted">{t("Console.Dashboard.ProfitNote")}</p>
      </div>
    </section>
  );
}
