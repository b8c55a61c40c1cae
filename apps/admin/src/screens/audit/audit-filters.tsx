import { type AdminOperator, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "@obmen/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { consoleApi } from "../../api/client.ts";
import { useI18n } from "../../i18n.tsx";
import { auditActionName, auditObjectName } from "./audit-names.ts";

/** The filters' names, as the address and the API both spell them. */
export const AUDIT_FILTER_KEYS = [
  "operator",
  "target_type",
  "target_id",
  "action",
  "from",
  "to",
] as const;

/** The audit log's filters as the API takes them (`GET /admin/api/audit`, decision 061). */
export interface AuditFilterValues {
  operator?: string;
  target_type?: string;
  target_id?: string;
  action?: string;
  from?: string;
  to?: string;
}

/**
 * Who, what it concerns, which action and which days (issue 26 point 10). Applied on "Show",
 * so typing an object's number does not reload the log at each key.
 */
export function AuditFilters({
  value,
  onApply,
  fields,
}: {
  value: AuditFilterValues;
  onApply: (value: AuditFilterValues) => void;
  fields: Record<string, string>;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState(value);
  const [operators, setOperators] = useState<AdminOperator[]>([]);
  useEffect(() => {
    consoleApi()
      .operators.list()
      .then((list) => setOperators(list.items))
      .catch(() => setOperators([]));
  }, []);
  useEffect(() => setDraft(value), [value]);

  const set = (key: keyof AuditFilterValues) => (text: string) =>
    setDraft((current) => ({ ...current, [key]: text === "" ? undefined : text }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const error = (name: string) =>
    fields[name] ? (
      <p className="field__error" id={`audit-${name}-error`}>
        {fields[name]}
      </p>
    ) : null;

  return (
    <form
      className="card audit-filters"
      onSubmit={submit}
      aria-label={t("ConsoleOps.AuditFilters.Legend")}
    >
      <div className="field">
        <label htmlFor="audit-operator">{t("ConsoleOps.AuditFilters.Operator")}</label>
        <select
          id="audit-operator"
          value={draft.operator ?? ""}
          onChange={(event) => set("operator")(event.target.value)}
        >
          <option value="">{t("ConsoleOps.AuditFilters.AnyOperator")}</option>
          {operators.map((operator) => (
            <option key={operator.id} value={operator.id}>
              {operator.email}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-object">{t("ConsoleOps.AuditFilters.Object")}</label>
        <select
          id="audit-object"
          value={draft.target_type ?? ""}
          onChange={(event) => set("target_type")(event.target.value)}
        >
          <option value="">{t("ConsoleOps.AuditFilters.AnyObject")}</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {auditObjectName(t, type)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-object-id">{t("ConsoleOps.AuditFilters.ObjectId")}</label>
        <input
          id="audit-object-id"
          value={draft.target_id ?? ""}
          onChange={(event) => set("target_id")(event.target.value.trim())}
        />
        {error("target_id")}
      </div>
      <div className="field">
        <label htmlFor="audit-action">{t("ConsoleOps.AuditFilters.Action")}</label>
        <select
          id="audit-action"
          value={draft.action ?? ""}
          onChange={(event) => set("action")(event.target.value)}
        >
          <option value="">{t("ConsoleOps.AuditFilters.AnyAction")}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {auditActionName(t, action)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-from">{t("ConsoleOps.AuditFilters.From")}</label>
        <input
          id="audit-from"
          type="date"
          value={draft.from ?? ""}
          onChange={(event) => set("from")(event.target.value)}
        />
        {error("from")}
      </div>
      <div className="field">
        <label htmlFor="audit-to">{t("ConsoleOps.AuditFilters.To")}</label>
        <input
          id="audit-to"
          type="date"
          value={draft.to ?? ""}
          onChange={(event) => set("to")(event.target.value)}
          aria-invalid={fields.to ? true : undefined}
          aria-describedby={fields.to ? "audit-to-error" : undefined}
        />
        {error("to")}
      </div>
      <div className="actions__buttons">
        <button type="submit" className="button">
          {t("ConsoleOps.AuditFilters.Apply")}
        </button>
        <button type="button" className="button button--quiet" onClick={() => onApply({})}>
          {t("ConsoleOps.AuditFilters.Reset")}
        </button>
      </div>
    </form>
  );
}
