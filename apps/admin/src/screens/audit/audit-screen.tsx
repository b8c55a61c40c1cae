import { type LoaderFunctionArgs, useLoaderData, useSearchParams } from "react-router";
import { consoleApi } from "../../api/client.ts";
import { pageParam } from "../../api/query-string.ts";
import { formatDateTime } from "../../format/format.ts";
import { useI18n } from "../../i18n.tsx";
import { ADMIN_ROLES, requireOperator } from "../../session/session.ts";
import { Pager } from "../../ui/common.tsx";

export async function auditLoader({ request }: LoaderFunctionArgs) {
  await requireOperator(ADMIN_ROLES);
  const page = pageParam(new URL(request.url).searchParams);
  return consoleApi(request.signal).audit.list({ page });
}

/** Admin only: who did what, when, from where, with the values before and after. */
export function AuditScreen() {
  const { t, locale } = useI18n();
  const data = useLoaderData<typeof auditLoader>();
  const [, setParams] = useSearchParams();
  const setPage = (page: number) => setParams(page === 1 ? {} : { page: String(page) });

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t("Console.Audit.Title")}</h1>
      <ul className="rows">
        {data.items.map((entry) => (
          <li key={entry.id} className="row card">
            <div className="row__head">
              <strong className="mono">{entry.action}</strong>
              <span className="muted">{formatDateTime(entry.at, locale)}</span>
              <span className="wrap">{entry.actor?.email ?? t("Console.Audit.NoActor")}</span>
              {entry.ip && <span className="mono muted">{entry.ip}</span>}
            </div>
            {entry.target_type && (
              <p className="muted wrap">
                {entry.target_type} <span className="mono">{entry.target_id}</span>
              </p>
            )}
            {(entry.before || entry.after) && (
              <details>
                <summary>{t("Console.Audit.Changes")}</summary>
                <div className="diff">
                  <div>
                    <h3 className="diff__title">{t("Console.Audit.Before")}</h3>
                    <pre>{JSON.stringify(entry.before, null, 1)}</pre>
                  </div>
                  <div>
                    <h3 className="diff__title">{t("Console.Audit.After")}</h3>
                    <pre>{JSON.stringify(entry.after, null, 1)}</pre>
                  </div>
                </div>
              </details>
            )}
          </li>
        ))}
      </ul>
      <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={setPage} />
    </section>
  );
}
