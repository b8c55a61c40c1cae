import type { OrderStatus } from "@obmen/contracts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  type LoaderFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigate,
  useSearchParams,
} from "react-router";
import { ApiError, consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { pageParam, queryString } from "../../api/query-string.ts";
import { usePoll } from "../../api/use-poll.ts";
import { useI18n } from "../../i18n.tsx";
import { DESK_ROLES, requireOperator } from "../../session/session.ts";
import { ORDER_STATUS_NAMES, Pager } from "../../ui/common.tsx";
import { FormError } from "../../ui/messages.tsx";
import { QueueRow } from "./queue-row.tsx";

/** How often the queue is asked again (decision 030: polling, not a stream). */
export const QUEUE_POLL_MS = 5_000;

/**
 * The queue's page for the address's filters (`status`, `q`, `page`), and when it was read. A
 * refused or failed call is returned, not thrown: the desk says why above the rows it last
 * had and keeps polling, so a moment without the server does not take the queue away.
 */
export async function deskLoader({ request }: LoaderFunctionArgs) {
  await requireOperator(DESK_ROLES);
  const params = new URL(request.url).searchParams;
  try {
    const orders = await consoleApi(request.signal).orders.list({
      // Passed as the address has it: the API names a status it does not know.
      status: (params.get("status") || undefined) as OrderStatus | undefined,
      q: params.get("q") || undefined,
      page: pageParam(params),
    });
    return { orders, failure: null, loadedAt: Date.now() };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 401) throw error;
    return { orders: null, failure: error, loadedAt: Date.now() };
  }
}

/** The live queue: new and paid first, filters and search kept in the URL. */
export function DeskScreen() {
  const { t, locale } = useI18n();
  const { orders, failure, loadedAt } = useLoaderData<typeof deskLoader>();
  // The rows last read stay while a poll fails (the message says why).
  const lastRead = useRef(orders);
  if (orders) lastRead.current = orders;
  const data = orders ?? lastRead.current;
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const status = params.get("status") ?? "";
  const q = params.get("q") ?? "";
  const [query, setQuery] = useState(q);
  useEffect(() => setQuery(q), [q]);
  usePoll(QUEUE_POLL_MS);

  const go = (next: { status?: string; q?: string; page?: number }) =>
    navigate(`${pathname}${queryString({ status, q, ...next, page: next.page ?? undefined })}`);
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
      <FormError message={failure ? errorText(failure, t) : ""} />
      {data && data.items.length === 0 && <p className="notice">{t("Console.Desk.Empty")}</p>}
      {data && data.items.length > 0 && (
        <ul className="queue">
          {data.items.map((order) => (
            <QueueRow
              key={order.exchange_uuid}
              order={order}
              now={loadedAt}
              t={t}
              locale={locale}
            />
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
