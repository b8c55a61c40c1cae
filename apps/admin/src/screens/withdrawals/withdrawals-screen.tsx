import type { WithdrawalStatus } from "@obmen/contracts";
import { useState } from "react";
import {
  type LoaderFunctionArgs,
  useLoaderData,
  useNavigate,
  useRevalidator,
  useSearchParams,
} from "react-router";
import { consoleApi } from "../../api/client.ts";
import { pageParam, queryString } from "../../api/query-string.ts";
import { usePoll } from "../../api/use-poll.ts";
import { useI18n } from "../../i18n.tsx";
import { DESK_ROLES, requireOperator } from "../../session/session.ts";
import { Pager } from "../../ui/common.tsx";
import { StatusNotice } from "../../ui/messages.tsx";
import { QUEUE_POLL_MS } from "../orders/desk-screen.tsx";
import { PartnersList } from "./partners-list.tsx";
import { WithdrawalRow } from "./withdrawal-row.tsx";

const STATUSES = ["requested", "paid", "rejected"] as const satisfies readonly WithdrawalStatus[];

/** The open tab's list: the partners, or the requests of one status (`all`: every status). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(DESK_ROLES);
  const params = new URL(request.url).searchParams;
  const page = pageParam(params);
  const api = consoleApi(request.signal);
  if (params.get("tab") === "partners") {
    return { tab: "partners" as const, partners: await api.partners.list({ page }) };
  }
  const status = params.get("status") ?? "requested";
  const filter = status === "all" ? undefined : (status as WithdrawalStatus);
  return { tab: "queue" as const, queue: await api.withdrawals.list({ status: filter, page }) };
}

/**
 * The withdrawal desk (issue 18 point 4): partners' requests, requested first and oldest
 * first; pay with the payout's reference or reject with a reason, each confirmed in place.
 * The API moves the ledger, writes the audit row and the partner's letter (decision 029).
 */
export function Component() {
  const { t } = useI18n();
  const loaded = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = params.get("tab") === "partners" ? "partners" : "queue";
  const status = params.get("status") ?? "requested";
  const go = (next: Record<string, string | number | undefined>) =>
    navigate(`/withdrawals${queryString({ tab, status, ...next })}`);

  return (
    <section aria-labelledby="withdrawals-title">
      <h1 id="withdrawals-title">{t("Console.Withdrawals.Title")}</h1>
      <div className="tabs">
        <div className="tabs__buttons">
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={tab === "queue"}
            onClick={() => go({ tab: undefined, page: undefined })}
          >
            {t("Console.Withdrawals.Queue")}
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={tab === "partners"}
            onClick={() => go({ tab: "partners", status: undefined, page: undefined })}
          >
            {t("Console.Withdrawals.Partners")}
          </button>
        </div>
        {tab === "queue" && (
          <div className="field">
            <label htmlFor="withdrawals-status">{t("Console.Withdrawals.Status")}</label>
            <select
              id="withdrawals-status"
              value={status}
              onChange={(event) => go({ status: event.target.value, page: undefined })}
            >
              {STATUSES.map((name) => (
                <option key={name} value={name}>
                  {t(`Console.Withdrawals.Statuses.${name}`)}
                </option>
              ))}
              <option value="all">{t("Console.Withdrawals.AllStatuses")}</option>
            </select>
          </div>
        )}
      </div>
      {loaded.tab === "partners" ? (
        <PartnersList data={loaded.partners} onPage={(next) => go({ page: next })} />
      ) : (
        <WithdrawalQueue data={loaded.queue} onPage={(next) => go({ page: next })} />
      )}
    </section>
  );
}

type QueuePage = Extract<Awaited<ReturnType<typeof loader>>, { tab: "queue" }>["queue"];

/**
 * Asked again while the tab is visible, as the order desk is (decision 030): a request made
 * meanwhile appears, one another operator decided changes. An open form keeps its input,
 * since rows keep their keys.
 */
function WithdrawalQueue({ data, onPage }: { data: QueuePage; onPage: (page: number) => void }) {
  const { t } = useI18n();
  const [notice, setNotice] = useState("");
  const { revalidate } = useRevalidator();
  usePoll(QUEUE_POLL_MS);
  return (
    <>
      <StatusNotice message={notice} />
      {data.items.length === 0 && <p className="notice">{t("Console.Withdrawals.Empty")}</p>}
      {data.items.length > 0 && (
        <ul className="rows" aria-label={t("Console.Withdrawals.Queue")}>
          {data.items.map((withdrawal) => (
            <WithdrawalRow
              key={withdrawal.id}
              withdrawal={withdrawal}
              onDecided={(text) => {
                setNotice(text);
                void revalidate();
              }}
            />
          ))}
        </ul>
      )}
      <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={onPage} />
    </>
  );
}
