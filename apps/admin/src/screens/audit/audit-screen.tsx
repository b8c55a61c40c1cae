import { Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from "react-router";
import { ApiError, consoleApi } from "../../api/client.ts";
import { pageParam } from "../../api/query-string.ts";
import { formatDateTime } from "../../format/format.ts";
import { useI18n } from "../../i18n.tsx";
import { ADMIN_ROLES, requireOperator } from "../../session/session.ts";
import { Pager } from "../../ui/common.tsx";
import { AUDIT_FILTER_KEYS, AuditFilters, type AuditFilterValues } from "./audit-filters.tsx";
import {
  auditActionName,
  auditObjectName,
  auditTargetPath,
  auditTargetText,
} from "./audit-names.ts";

/** The filters in the address, so a filtered log can be reloaded and shared (issue 26 point 10). */
function filtersOf(params: URLSearchParams): AuditFilterValues {
  return Object.fromEntries(
    AUDIT_FILTER_KEYS.flatMap((key) => {
      const value = params.get(key);
      return value ? [[key, value]] : [];
    }),
  );
}

export async function auditLoader({ request }: LoaderFunctionArgs) {
  await requireOperator(ADMIN_ROLES);
  const params = new URL(request.url).searchParams;
  const filters = filtersOf(params);
  try {
    const data = await consoleApi(request.signal).audit.list({
      page: pageParam(params),
      ...filters,
    });
    return { data, filters, fields: {} as Record<string, string> };
  } catch (error) {
    // A filter the API refuses (a reversed range) is told under its input, not as a broken page.
    if (error instanceof ApiError && error.status === 400) {
      return { data: null, filters, fields: error.fields };
    }
    throw error;
  }
}

/** Admin only: who did what, when, from where, with the values before and after. */
export function AuditScreen() {
  const { t, locale } = useI18n();
  const { data, filters, fields } = useLoaderData<typeof auditLoader>();
  const [, setParams] = useSearchParams();
  const apply = (next: AuditFilterValues, page = 1) =>
    setParams({
      ...(Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as Record<
        string,
        string
      >),
      ...(page === 1 ? {} : { page: String(page) }),
    });

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t("Console.Audit.Title")}</h1>
      <AuditFilters value={filters} onApply={apply} fields={fields} />
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
        <Pager
          page={data.page}
          pageSize={data.page_size}
          total={data.total}
          onPage={(page) => apply(filters, page)}
        />
      )}
    </section>
  );
}

/** The object's number, a link to where the console shows it (issue 26 point 10). */
function AuditTarget({ type, id }: { type: string; id: string | null }) {
  const { t } = useI18n();
  const path = auditTargetPath(type, id);
  const text = id === null ? null : auditTargetText(t, type, id);
  if (!path) return <span className="mono">{text}</span>;
  return (
    <Link
      to={path}
      className="mono"
      aria-label={t("ConsoleOps.AuditFilters.Open", {
        object: `${auditObjectName(t, type)} ${text}`,
      })}
    >
      {text}
    </Link>
  );
}
