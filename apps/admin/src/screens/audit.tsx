import type { AdminAuditEntry } from "@obmen/contracts";
import { useEffect, useState } from "react";
import { ApiError, api, queryString } from "../api.ts";
import { errorText } from "../app.tsx";
import { formatDateTime } from "../format.ts";
import { useI18n } from "../i18n.tsx";
import { Link } from "../router.tsx";
import { AuditFilters, type AuditFilterValues } from "./audit-filters.tsx";
import { auditActionName, auditObjectName, auditTargetPath } from "./audit-names.ts";
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
  const [filters, setFilters] = useState<AuditFilterValues>({});
  const [fields, setFields] = useState<Record<string, string>>({});
  const [data, setData] = useState<AuditPage | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    setError("");
    setFields({});
    api<AuditPage>("GET", `/audit${queryString({ page, ...filters })}`)
      .then(setData)
      .catch((reason) => {
        if (reason instanceof ApiError) setFields(reason.fields);
        setError(errorText(reason, t));
      });
  }, [page, filters, t]);
  const apply = (next: AuditFilterValues) => {
    setPage(1);
    setFilters(next);
  };

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t("Console.Audit.Title")}</h1>
      <AuditFilters value={filters} onApply={apply} fields={fields} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {data && data.items.length === 0 && <p>{t("ConsoleOps.AuditFilters.Nothing")}</p>}
      <ul className="rows">
        {data?.items.map((entry) => (
          <li key={entry.id} className="row card">
            <div className="row__head">
              <strong>{auditActionName(t, entry.action)}</strong>
              <span className="muted">{formatDateTime(entry.at, locale)}</span>
              <span className="wrap">{entry.actor?.email ?? t("Console.Audit.NoActor")}</span>
              {entry.ip && <span className="mono muted">{entry.ip}</span>}
            </div>
            {entry.target_type && (
              <p className="muted wrap">
                {auditObjectName(t, entry.target_type)}{" "}
                <AuditTarget type={entry.target_type} id={entry.target_id} />
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

/** The object's number, a link to where the console shows it (issue 26 point 10). */
function AuditTarget({ type, id }: { type: string; id: string | null }) {
  const { t } = useI18n();
  const path = auditTargetPath(type, id);
  if (!path) return <span className="mono">{id}</span>;
  return (
    <Link
      href={path}
      className="mono"
      aria-label={t("ConsoleOps.AuditFilters.Open", {
        object: `${auditObjectName(t, type)} ${id}`,
      })}
    >
      {id}
    </Link>
  );
}
