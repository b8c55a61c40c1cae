import type { AdminOrder, AdminRecalculationView } from "@obmen/contracts";
import { type FormEvent, useState } from "react";
import { ApiError, consoleApi } from "../../api/client.ts";
import { errorText, fieldErrors } from "../../api/error-text.ts";
import { useAdminQuery } from "../../api/use-admin-query.ts";
import { toApiDecimal } from "../../format/format.ts";
import { formatMoney, formatRateSafe } from "../../format/money.ts";
import { useI18n } from "../../i18n.tsx";

/** How long typing pauses before the preview is asked for again. */
const PREVIEW_DELAY_MS = 300;

type Amounts = AdminRecalculationView["preview"] & {};

/**
 * "Recalculate at the current rate" (issue 14 point 3, decision 035): the order's latest
 * recalculation and the customer's answer, and — where the order may be recalculated — a
 * form for the amount that actually arrived, with the new amounts previewed by the server
 * (the create's own quote) before the operator confirms.
 */
export function RecalculationCard({
  order,
  onChanged,
}: {
  order: AdminOrder;
  /** The order was recalculated (or moved under us): it is read again. */
  onChanged: () => void;
}) {
  const { t, locale } = useI18n();
  const uuid = order.exchange_uuid;
  const [open, setOpen] = useState(false);
  const [received, setReceived] = useState("");
  const [comment, setComment] = useState("");
  const [submitFields, setSubmitFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const amount = toApiDecimal(received);

  // The screen keys this card by the order's status and history, so any change remounts it
  // and the view is loaded afresh; typing asks for a new preview once it pauses.
  const query = useAdminQuery(
    (api) => api.orders.recalculation(uuid, amount ? { received_amount: amount } : {}),
    [uuid, amount],
    { delayMs: received ? PREVIEW_DELAY_MS : 0 },
  );
  const refused = fieldErrors(query.error);
  const fields = { ...refused, ...submitFields };
  // An amount the API refuses has no preview; the latest recalculation stays.
  const view: AdminRecalculationView | undefined =
    query.data && (query.error ? { ...query.data, preview: null } : query.data);
  const queryMessage =
    query.error && Object.keys(refused).length === 0 ? errorText(query.error, t) : "";

  const money = (value: string, side: "send" | "receive") => {
    const currency = side === "send" ? order.send_currency : order.receive_currency;
    return formatMoney({
      amount: value,
      currency: { code: currency.currency_code, decimals: currency.decimals },
      locale,
    });
  };
  const rateText = (rate: Amounts["rate"]) =>
    formatRateSafe({
      rate,
      sendCode: order.send_currency.currency_code,
      receiveCode: order.receive_currency.currency_code,
      locale,
    });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage("");
    setSubmitFields({});
    try {
      await consoleApi().orders.recalculate(uuid, {
        ...(amount ? { received_amount: amount } : {}),
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      setOpen(false);
      setReceived("");
      setComment("");
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setSubmitFields(error.fields);
      }
      const conflict = error instanceof ApiError && error.code === "CONFLICT";
      setMessage(conflict ? t("Console.Order.Conflict") : errorText(error, t));
      if (conflict) {
        setOpen(false);
        onChanged();
      }
    } finally {
      setBusy(false);
    }
  }

  if (!view || (!view.latest && !view.preview)) return null;
  const { latest, preview } = view;
  return (
    <div className="card recalc" data-testid="recalculation">
      {latest && (
        <>
          <h2>{t("Console.Recalculate.Latest")}</h2>
          <p className="notice" data-testid="recalculation-state">
            {t(`Console.Recalculate.State.${latest.state}`, { target: latest.refund_to ?? "" })}
          </p>
          <p>
            {t("Console.Recalculate.Was", {
              send: money(latest.previous.send_amount, "send"),
              receive: money(latest.previous.receive_amount, "receive"),
            })}
            <br />
            {t("Console.Recalculate.Preview", {
              send: money(latest.current.send_amount, "send"),
              receive: money(latest.current.receive_amount, "receive"),
              rate: rateText(latest.current.rate),
            })}
          </p>
        </>
      )}
      {view.preview !== null || open ? (
        <>
          {!open && (
            <button type="button" className="button" onClick={() => setOpen(true)}>
              {t("Console.Recalculate.Action")}
            </button>
          )}
          {open && (
            <form className="actions__form" onSubmit={submit} noValidate>
              <h2>{t("Console.Recalculate.Action")}</h2>
              <div className="field">
                <label htmlFor="recalc-received">
                  {t("Console.Recalculate.Received", { code: order.send_currency.currency_code })}
                </label>
                <input
                  id="recalc-received"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={order.send_amount}
                  value={received}
                  onChange={(e) => setReceived(e.target.value)}
                  aria-invalid={fields.received_amount ? true : undefined}
                  aria-describedby={fields.received_amount ? "recalc-received-error" : undefined}
                />
                {fields.received_amount && (
                  <p className="field__error" id="recalc-received-error">
                    {fields.received_amount}
                  </p>
                )}
              </div>
              {preview && (
                <p
                  className="actions__confirm"
                  data-testid="recalculation-preview"
                  aria-live="polite"
                >
                  {t("Console.Recalculate.Was", {
                    send: money(order.send_amount, "send"),
                    receive: money(order.receive_amount, "receive"),
                  })}
                  <br />
                  <strong>
                    {t("Console.Recalculate.Preview", {
                      send: money(preview.send_amount, "send"),
                      receive: money(preview.receive_amount, "receive"),
                      rate: rateText(preview.rate),
                    })}
                  </strong>
                  {!preview.reserve_covers && (
                    <>
                      <br />
                      <span className="field__error">{t("Console.Recalculate.NoReserve")}</span>
                    </>
                  )}
                </p>
              )}
              <div className="field">
                <label htmlFor="recalc-comment">{t("Console.Order.Comment")}</label>
                <textarea
                  id="recalc-comment"
                  rows={2}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                />
              </div>
              <div className="actions__buttons">
                <button
                  type="submit"
                  className="button"
                  disabled={busy || !preview || !preview.reserve_covers}
                >
                  {t("Console.Recalculate.Confirm")}
                </button>
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => setOpen(false)}
                >
                  {t("Console.Cancel")}
                </button>
              </div>
            </form>
          )}
        </>
      ) : null}
      {(message || queryMessage) && (
        <p className="form-error" role="alert">
          {message || queryMessage}
        </p>
      )}
    </div>
  );
}
