import type { AdminAuditEntry } from "@obmen/contracts";
import { useEffect, useState } from "react";
import { api, queryString } from "../api.ts";
import { errorText } from "../app.tsx";
import { formatDateTime } from "../format.ts";
import { useI18n } from "../i18n.tsx";
import { Pager } from "./common.tsx";

interface AuditPage {
  items: AdminAuditEntry[];
  total: number;
  page: number;
  page_size: number;
}

/** Admin only: who did what, when, from where, with the values before and after. */
export function AuditScreen() {
  const { t, locale } = useI18n();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AuditPage | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api<AuditPage>("GET", `/audit${queryString({ page })}`)
      .then(setData)
      .catch((reason) => setError(errorText(reason, t)));
  }, [page, t]);

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t("Console.Audit.Title")}</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="rows">
        {data?.items.map((entry) => (
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
      {data && (
        <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={setPage} />
      )}
    </section>
  );
}
