import type { AdminWithdrawal, WithdrawalStatus } from "@obmen/contracts";
import { type FormEvent, useState } from "react";
import { ApiError, consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { formatDateTime, formatProgrammeAmount } from "../../format/format.ts";
import { useI18n } from "../../i18n.tsx";
import { CopyButton } from "../../ui/common.tsx";

const BADGE: Record<WithdrawalStatus, string> = {
  requested: "badge badge--new",
  paid: "badge badge--completed",
  rejected: "badge badge--cancelled",
};

/**
 * One request: the partner, the amount, where to pay it; paid with the payout's reference or
 * rejected with a reason, each confirmed in place. A 409 (another operator decided it) is told
 * on the desk, which is read again.
 */
export function WithdrawalRow({
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
      await consoleApi().withdrawals.decide(withdrawal.id, {
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
