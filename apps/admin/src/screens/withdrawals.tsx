import type { AdminWithdrawal, WithdrawalStatus } from "@obmen/contracts";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { ApiError, api, queryString } from "../api.ts";
import { errorText } from "../app.tsx";
import { formatDateTime, formatProgrammeAmount } from "../format.ts";
import { useI18n } from "../i18n.tsx";
import { BASE, navigate, useLocation } from "../router.tsx";
import { CopyButton, Pager } from "./common.tsx";
import { QUEUE_POLL_MS } from "./desk.tsx";
import { PartnersList } from "./withdrawals-partners.tsx";

interface WithdrawalPage {
  items: AdminWithdrawal[];
  total: number;
  page: number;
  page_size: number;
}

const STATUSES = ["requested", "paid", "rejected"] as const satisfies readonly WithdrawalStatus[];
const BADGE: Record<WithdrawalStatus, string> = {
  requested: "badge badge--new",
  paid: "badge badge--completed",
  rejected: "badge badge--cancelled",
};

/**
 * The withdrawal desk (issue 18 point 4): partners' requests, requested first and oldest
 * first; pay with the payout's reference or reject with a reason, each confirmed in place.
 * The API moves the ledger, writes the audit row and the partner's letter (decision 029).
 */
export function WithdrawalsScreen() {
  const { t } = useI18n();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const tab = params.get("tab") === "partners" ? "partners" : "queue";
  const status = params.get("status") ?? "requested";
  const page = Number(params.get("page") ?? "1") || 1;
  const go = (next: Record<string, string | number | undefined>) =>
    navigate(`${BASE}/withdrawals${queryString({ tab, status, ...next })}`);

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
      {tab === "partners" ? (
        <PartnersList page={page} onPage={(next) => go({ page: next })} />
      ) : (
        <WithdrawalQueue status={status} page={page} onPage={(next) => go({ page: next })} />
      )}
    </section>
  );
}

function WithdrawalQueue({
  status,
  page,
  onPage,
}: {
  status: string;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  const [data, setData] = useState<WithdrawalPage | null>(null);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");

  const load = useCallback(() => {
    const filter = status === "all" ? undefined : status;
    api<WithdrawalPage>("GET", `/withdrawals${queryString({ status: filter, page })}`)
      .then((result) => {
        setData(result);
        setError("");
      })
      .catch((reason) => setError(errorText(reason, t)));
  }, [status, page, t]);
  // Asked again while the tab is visible, as the order desk is (decision 030): a request made
  // meanwhile appears, one another operator decided changes. An open form keeps its input,
  // since rows keep their keys.
  useEffect(() => {
    load();
    const refresh = () => {
      if (document.visibilityState === "visible") load();
    };
    const timer = window.setInterval(refresh, QUEUE_POLL_MS);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [load]);

  return (
    <>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {data && data.items.length === 0 && (
        <p className="notice">{t("Console.Withdrawals.Empty")}</p>
      )}
      {data && data.items.length > 0 && (
        <ul className="rows" aria-label={t("Console.Withdrawals.Queue")}>
          {data.items.map((withdrawal) => (
            <WithdrawalRow
              key={withdrawal.id}
              withdrawal={withdrawal}
              onDecided={(text) => {
                setNotice(text);
                load();
              }}
            />
          ))}
        </ul>
      )}
      {data && (
        <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={onPage} />
      )}
    </>
  );
}

function WithdrawalRow({
  withdrawal,
  onDecided,
}: {
  withdrawal: AdminWithdrawal;
  onDecided: (notice: string) => void;
}) {
  const { t, locale } = useI18n();
  const [chosen, setChosen] = useState<"paid" | "rejected" | null>(null);
  const [note, setNote] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const id = `withdrawal-${withdrawal.id}`;
  const noteKey = chosen === "paid" ? "reference" : "reason";
  const amount = formatProgrammeAmount({
    amount: withdrawal.amount,
    code: withdrawal.currency,
    locale,
  });

  const choose = (next: "paid" | "rejected" | null) => {
    setChosen(next);
    setNote("");
    setFields({});
    setMessage("");
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    if (!note.trim()) {
      setFields({
        [noteKey]:
          chosen === "paid"
            ? t("Console.Withdrawals.ReferenceRequired")
            : t("Console.Withdrawals.ReasonRequired"),
      });
      return;
    }
    setBusy(true);
    setFields({});
    setMessage("");
    try {
      await api("POST", `/withdrawals/${withdrawal.id}/status`, {
        status: chosen,
        [noteKey]: note.trim(),
      });
      onDecided(
        t(
          chosen === "paid"
            ? "Console.Withdrawals.PaidNotice"
            : "Console.Withdrawals.RejectedNotice",
          {
            id: withdrawal.id,
          },
        ),
      );
      choose(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onDecided(t("Console.Withdrawals.Conflict", { id: withdrawal.id }));
        choose(null);
      } else if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setFields(error.fields);
      } else {
        setMessage(errorText(error, t));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="row card" aria-label={t("Console.Withdrawals.Number", { id: withdrawal.id })}>
      <div className="row__head">
        <strong>{t("Console.Withdrawals.Number", { id: withdrawal.id })}</strong>
        <span className={BADGE[withdrawal.status]}>
          {t(`Console.Withdrawals.Statuses.${withdrawal.status}`)}
        </span>
        <span className="muted">{formatDateTime(withdrawal.created_at, locale)}</span>
      </div>
      <dl className="facts">
        <div className="facts__pair">
          <dt>{t("Console.Withdrawals.Partner")}</dt>
          <dd>{withdrawal.partner.email}</dd>
        </div>
        <div className="facts__pair">
          <dt>{t("Console.Withdrawals.Amount")}</dt>
          <dd>
            {amount} → {withdrawal.payout_currency.name} {withdrawal.payout_currency.code}
          </dd>
        </div>
        {withdrawal.fields.map((field) => (
          <div className="facts__pair" key={field.key}>
            <dt>{field.label}</dt>
            <dd className="copyable">
              <span className="mono">{field.value}</span>
              <CopyButton value={field.value} label={field.label} />
            </dd>
          </div>
        ))}
        {withdrawal.reference && (
          <div className="facts__pair">
            <dt>{t("Console.Withdrawals.Reference")}</dt>
            <dd className="mono">{withdrawal.reference}</dd>
          </div>
        )}
        {withdrawal.reason && (
          <div className="facts__pair">
            <dt>{t("Console.Withdrawals.Reason")}</dt>
            <dd>{withdrawal.reason}</dd>
          </div>
        )}
      </dl>
      {withdrawal.status === "requested" && (
        <div className="actions__buttons">
          <button
            type="button"
            className="button button--completed"
            aria-pressed={chosen === "paid"}
            onClick={() => choose(chosen === "paid" ? null : "paid")}
          >
            {t("Console.Withdrawals.Pay")}
          </button>
          <button
            type="button"
            className="button button--cancelled"
            aria-pressed={chosen === "rejected"}
            onClick={() => choose(chosen === "rejected" ? null : "rejected")}
          >
            {t("Console.Withdrawals.Reject")}
          </button>
        </div>
      )}
      {chosen && (
        <form className="actions__form" onSubmit={submit} noValidate>
          <p className="actions__confirm">
            {chosen === "paid"
              ? t("Console.Withdrawals.ConfirmPay", { amount, email: withdrawal.partner.email })
              : t("Console.Withdrawals.ConfirmReject", { amount, email: withdrawal.partner.email })}
          </p>
          <div className="field">
            <label htmlFor={`${id}-${noteKey}`}>
              {chosen === "paid"
                ? t("Console.Withdrawals.Reference")
                : t("Console.Withdrawals.ReasonLabel")}
            </label>
            {chosen === "paid" ? (
              <input
                id={`${id}-${noteKey}`}
                required
                value={note}
                onChange={(event) => setNote(event.target.value)}
                aria-invalid={fields[noteKey] ? true : undefined}
                aria-describedby={fields[noteKey] ? `${id}-${noteKey}-error` : undefined}
              />
            ) : (
              <textarea
                id={`${id}-${noteKey}`}
                rows={3}
                required
                value={note}
                onChange={(event) => setNote(event.target.value)}
                aria-invalid={fields[noteKey] ? true : undefined}
                aria-describedby={fields[noteKey] ? `${id}-${noteKey}-error` : undefined}
              />
            )}
            {fields[noteKey] && (
              <p className="field__error" id={`${id}-${noteKey}-error`}>
                {fields[noteKey]}
              </p>
            )}
          </div>
          <div className="actions__buttons">
            <button type="submit" className="button" disabled={busy}>
              {chosen === "paid"
                ? t("Console.Withdrawals.ConfirmPayButton")
                : t("Console.Withdrawals.ConfirmRejectButton")}
            </button>
            <button type="button" className="button button--quiet" onClick={() => choose(null)}>
              {t("Console.Cancel")}
            </button>
          </div>
        </form>
      )}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
    </li>
  );
}
