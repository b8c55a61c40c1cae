import type { AdminOrder } from "@obmen/contracts";
import { formatAmount, formatRate } from "@obmen/domain";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { ApiError, api } from "../api.ts";
import { errorText } from "../app.tsx";
import { actionNeeds, formatDateTime } from "../format.ts";
import { useI18n } from "../i18n.tsx";
import { BASE, Link } from "../router.tsx";
import { CopyButton, StatusBadge } from "./common.tsx";
import { RecalculationCard } from "./order-recalculation.tsx";
import { type RefundDetails, RefundFields, RefundNote } from "./refund-fields.tsx";

/** Statuses an operator may set (OPERATOR_TARGET_STATUSES of the contract). */
type Target = "processing" | "completed" | "hold" | "error" | "refunded" | "cancelled";

/** One order: customer, fields unmasked, receipts, history, and the moves allowed now. */
export function OrderScreen({ uuid }: { uuid: string }) {
  const { t, locale } = useI18n();
  const [order, setOrder] = useState<AdminOrder | null>(null);
  const [error, setError] = useState("");

  const load = useCallback(() => {
    api<AdminOrder>("GET", `/orders/${uuid}`)
      .then((result) => {
        setOrder(result);
        setError("");
      })
      .catch((reason) => setError(errorText(reason, t)));
  }, [uuid, t]);
  useEffect(load, [load]);

  return (
    <section className="order" aria-labelledby="order-title">
      <p>
        <Link href={BASE}>← {t("Console.Order.Back")}</Link>
      </p>
      <h1 id="order-title" className="order__title">
        {t("Console.Order.Title")} <span className="mono">{uuid}</span>
      </h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {order && (
        <>
          <div className="order__grid">
            <div className="card">
              <dl className="facts">
                <dt>{t("Console.Order.Status")}</dt>
                <dd>
                  <StatusBadge status={order.exchange_status} />
                </dd>
                <dt>{t("Console.Order.Send")}</dt>
                <dd>
                  {amountOf(order, "send", locale)} · {order.send_currency.pay_system}
                </dd>
                <dt>{t("Console.Order.Receive")}</dt>
                <dd>
                  {amountOf(order, "receive", locale)} · {order.receive_currency.pay_system}
                </dd>
                <dt>{t("Console.Order.Rate")}</dt>
                <dd>
                  {rateOf(order, order.rate, locale)} ({t("Console.Order.RealRate")}{" "}
                  {rateOf(
                    order,
                    {
                      send_rate: order.rate.send_rate_real,
                      receive_rate: order.rate.receive_rate_real,
                    },
                    locale,
                  )}
                  )
                </dd>
                <dt>{t("Console.Order.Email")}</dt>
                <dd className="copyable">
                  <span className="wrap">{order.email}</span>{" "}
                  <CopyButton value={order.email} label={t("Console.Order.Email")} />
                </dd>
                <dt>{t("Console.Order.Created")}</dt>
                <dd>{formatDateTime(order.created_at, locale)}</dd>
                <dt>{t("Console.Order.Expires")}</dt>
                <dd>{formatDateTime(order.expires_at, locale)}</dd>
                <dt>{t("Console.Order.Language")}</dt>
                <dd>{order.locale.toUpperCase()}</dd>
                {order.client_ip && (
                  <>
                    <dt>IP</dt>
                    <dd className="mono">{order.client_ip}</dd>
                  </>
                )}
                {order.payout_reference && (
                  <>
                    <dt>{t("Console.Order.PayoutReference")}</dt>
                    <dd className="copyable">
                      <span className="mono wrap">{order.payout_reference}</span>{" "}
                      <CopyButton
                        value={order.payout_reference}
                        label={t("Console.Order.PayoutReference")}
                      />
                    </dd>
                  </>
                )}
              </dl>
            </div>
            <div className="card">
              <h2>{t("Console.Order.Fields")}</h2>
              {order.fields.length === 0 && <p>{t("Console.Order.NoFields")}</p>}
              <dl className="facts">
                {order.fields.map((field) => (
                  <div key={field.key} className="facts__pair">
                    <dt>{field.label}</dt>
                    <dd className="copyable">
                      <span className="mono wrap">{field.value}</span>{" "}
                      <CopyButton value={field.value} label={field.label} />
                    </dd>
                  </div>
                ))}
              </dl>
              <h2>{t("Console.Order.Receipts")}</h2>
              {order.receipts.length === 0 ? (
                <p>{t("Console.Order.NoReceipts")}</p>
              ) : (
                <ul className="plain">
                  {order.receipts.map((receipt) => (
                    <li key={receipt.id}>
                      <a href={receipt.url} target="_blank" rel="noopener noreferrer">
                        {receipt.file_name}
                      </a>{" "}
                      <span className="muted">
                        ({Math.ceil(receipt.size_bytes / 1024)} KB,{" "}
                        {formatDateTime(receipt.created_at, locale)})
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
          <Actions order={order} onChanged={setOrder} onStale={load} />
          <RecalculationCard
            key={`${order.exchange_status}:${order.events.length}`}
            order={order}
            onChanged={setOrder}
            onStale={load}
          />
          <div className="card">
            <h2>{t("Console.Order.History")}</h2>
            <ol className="events">
              {order.events.map((event) => (
                <li key={`${event.at}-${event.status}`}>
                  <StatusBadge status={event.status} />{" "}
                  <span className="muted">
                    {formatDateTime(event.at, locale)} ·{" "}
                    {event.actor.kind === "operator"
                      ? event.actor.operator_email
                      : t(`Console.Actor.${event.actor.kind}`)}
                  </span>
                  {event.comment && <p className="events__comment">{event.comment}</p>}
                  <RefundNote refund={event.refund} />
                </li>
              ))}
            </ol>
          </div>
        </>
      )}
    </section>
  );
}

function Actions({
  order,
  onChanged,
  onStale,
}: {
  order: AdminOrder;
  onChanged: (order: AdminOrder) => void;
  onStale: () => void;
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
      const updated = await api<AdminOrder>("POST", `/orders/${order.exchange_uuid}/status`, {
        status: chosen,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        ...(needs.payoutReference ? { payout_reference: payoutReference.trim() } : {}),
        ...(needs.refundDetails
          ? { refund_to: refund.refundTo.trim(), refund_reference: refund.reference.trim() }
          : {}),
      });
      onChanged(updated);
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
        onStale();
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

/** An order's amount as the page and the letters write it (decision 022). */
function amountOf(order: AdminOrder, side: "send" | "receive", locale: string): string {
  const currency = side === "send" ? order.send_currency : order.receive_currency;
  return formatAmount({
    amount: side === "send" ? order.send_amount : order.receive_amount,
    currency: { code: currency.currency_code, decimals: currency.decimals },
    locale,
  });
}

/** A rate as one line, `1 BTC = 7 710 580 RUB`, as the page and the letters write it. */
function rateOf(
  order: AdminOrder,
  rate: { send_rate: string; receive_rate: string },
  locale: string,
): string {
  return formatRate({
    rate,
    sendCode: order.send_currency.currency_code,
    receiveCode: order.receive_currency.currency_code,
    locale,
  });
}
