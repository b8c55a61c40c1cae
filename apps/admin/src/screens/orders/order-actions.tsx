import type { AdminOrder } from "@obmen/contracts";
import { type FormEvent, useState } from "react";
import { ApiError, consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { actionNeeds } from "../../format/format.ts";
import { useI18n } from "../../i18n.tsx";
import { type RefundDetails, RefundFields } from "./refund-fields.tsx";

/** Statuses an operator may set (OPERATOR_TARGET_STATUSES of the contract). */
type Target = "processing" | "completed" | "hold" | "error" | "refunded" | "cancelled";

/**
 * The moves allowed now, each confirmed in place with what it needs: the payout reference to
 * complete, the reason to hold, fail or refund a completed order (decisions 028, 039).
 */
export function OrderActions({
  order,
  onChanged,
}: {
  order: AdminOrder;
  /** The order moved (here, or under us by someone else): it is read again. */
  onChanged: () => void;
}) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<Target | null>(null);
  const [comment, setComment] = useState("");
  const [payoutReference, setPayoutReference] = useState("");
  const [refund, setRefund] = useState<RefundDetails>({ refundTo: "", reference: "" });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const targets = order.next_statuses.filter(
    (status): status is Target => status !== "new" && status !== "paid" && status !== "expired",
  );

  const choose = (status: Target | null) => {
    setChosen(status);
    setFields({});
    setMessage("");
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    setFields({});
    setMessage("");
    const needs = actionNeeds(chosen);
    try {
      await consoleApi().orders.setStatus(order.exchange_uuid, {
        status: chosen,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        ...(needs.payoutReference ? { payout_reference: payoutReference.trim() } : {}),
        ...(needs.refundDetails
          ? { refund_to: refund.refundTo.trim(), refund_reference: refund.reference.trim() }
          : {}),
      });
      onChanged();
      setChosen(null);
      setComment("");
      setPayoutReference("");
      setRefund({ refundTo: "", reference: "" });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0)
        setFields(error.fields);
      setMessage(
        error instanceof ApiError && error.status === 409
          ? t("Console.Order.Conflict")
          : errorText(error, t),
      );
      if (error instanceof ApiError && error.status === 409) {
        // The order moved under us: its actions are no longer these, so close the form.
        setChosen(null);
        onChanged();
      }
    } finally {
      setBusy(false);
    }
  }

  if (targets.length === 0) {
    return (
      <>
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <p className="notice">{t("Console.Order.NoActions")}</p>
      </>
    );
  }
  // A refund after completion (an admin's only: the server offers it to no one else) undoes a
  // finished deal: its own warning, and the reason is required (decision 039).
  const refundsCompleted = order.exchange_status === "completed" && chosen === "refunded";
  const needs = chosen
    ? { ...actionNeeds(chosen), ...(refundsCompleted ? { commentRequired: true } : {}) }
    : null;
  return (
    <div className="card actions">
      <h2>{t("Console.Order.Actions")}</h2>
      <div className="actions__buttons">
        {targets.map((status) => (
          <button
            key={status}
            type="button"
            className={`button button--${status}`}
            aria-pressed={chosen === status}
            onClick={() => choose(chosen === status ? null : status)}
          >
            {t(`Console.Action.${status}`)}
          </button>
        ))}
      </div>
      {chosen && needs && (
        <form className="actions__form" onSubmit={submit} noValidate>
          <p className="actions__confirm">
            {refundsCompleted
              ? t("Console.Order.ConfirmRefundCompleted")
              : t("Console.Order.ConfirmMove", { status: t(`Status.${chosen}.Name`) })}
          </p>
          {needs.payoutReference && (
            <div className="field">
              <label htmlFor="action-payout">{t("Console.Order.PayoutReference")}</label>
              <input
                id="action-payout"
                required
                value={payoutReference}
                onChange={(e) => setPayoutReference(e.target.value)}
                aria-invalid={fields.payout_reference ? true : undefined}
                aria-describedby={fields.payout_reference ? "action-payout-error" : undefined}
              />
              {fields.payout_reference && (
                <p className="field__error" id="action-payout-error">
                  {fields.payout_reference}
                </p>
              )}
            </div>
          )}
          {needs.refundDetails && (
            <RefundFields value={refund} onChange={setRefund} fields={fields} />
          )}
          <div className="field">
            <label htmlFor="action-comment">
              {needs.commentRequired
                ? t("Console.Order.CommentRequired")
                : t("Console.Order.Comment")}
            </label>
            <textarea
              id="action-comment"
              rows={3}
              required={needs.commentRequired}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              aria-invalid={fields.comment ? true : undefined}
              aria-describedby={fields.comment ? "action-comment-error" : undefined}
            />
            {fields.comment && (
              <p className="field__error" id="action-comment-error">
                {fields.comment}
              </p>
            )}
          </div>
          <div className="actions__buttons">
            <button type="submit" className="button" disabled={busy}>
              {t("Console.Order.Confirm")}
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
    </div>
  );
}
