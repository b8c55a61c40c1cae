import type { AdminAlert, AdminTestAlertResult } from "@obmen/contracts";
import { useCallback, useEffect, useState } from "react";
import { consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { formatDateTime } from "../../format/format.ts";
import { type ConsoleTranslate, useI18n } from "../../i18n.tsx";
import { Pager } from "../../ui/common.tsx";

interface AlertPage {
  items: AdminAlert[];
  total: number;
  page: number;
  page_size: number;
}

type DeliveryStatus = AdminAlert["telegram"]["status"] | AdminTestAlertResult["telegram"]["status"];

/** One channel's state as a line: "Telegram: не доставлено · попыток: 8 · Причина: HTTP 401…". */
function deliveryLine(
  t: ConsoleTranslate,
  channel: string,
  delivery: {
    status: DeliveryStatus;
    error?: string | null;
    last_error?: string | null;
    attempts?: number;
  },
): string {
  const parts = [`${channel}: ${t(`ConsoleOps.Alerts.Status.${delivery.status}`)}`];
  if (delivery.attempts && delivery.attempts > 1) {
    parts.push(t("ConsoleOps.Alerts.Attempts", { count: delivery.attempts }));
  }
  const reason = delivery.error ?? delivery.last_error;
  if (reason && delivery.status !== "sent") parts.push(t("ConsoleOps.Alerts.Reason", { reason }));
  return parts.join(" · ");
}

/**
 * The settings screen's "send a test" and the list of sent alerts with each delivery's state
 * (issue 26 point 10, decision 061): a failed Telegram message says why here, not only in the
 * server's log.
 */
export function AlertDeliveries() {
  const { t, locale } = useI18n();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AlertPage | null>(null);
  const [error, setError] = useState("");
  const [test, setTest] = useState<AdminTestAlertResult | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    consoleApi()
      .alerts.list({ page })
      .then(setData)
      .catch((reason) => setError(errorText(reason, t)));
  }, [page, t]);
  useEffect(load, [load]);

  async function sendTest() {
    setBusy(true);
    setError("");
    setTest(null);
    try {
      setTest(await consoleApi().settings.testAlert());
    } catch (reason) {
      setError(errorText(reason, t));
    } finally {
      setBusy(false);
    }
  }

  const noChannels = test && test.emails.length === 0 && test.telegram.status === "off";
  return (
    <>
      <section className="card" aria-labelledby="alert-test-title">
        <h2 id="alert-test-title">{t("ConsoleOps.Alerts.TestTitle")}</h2>
        <button type="button" className="button" onClick={sendTest} disabled={busy}>
          {busy ? t("ConsoleOps.Alerts.Sending") : t("ConsoleOps.Alerts.SendTest")}
        </button>
        {test && (
          <ul className="alert-test" aria-live="polite" data-testid="alert-test-result">
            {noChannels && <li>{t("ConsoleOps.Alerts.NoChannels")}</li>}
            {test.telegram.status !== "off" && (
              <li>{deliveryLine(t, t("ConsoleOps.Alerts.Telegram"), test.telegram)}</li>
            )}
            {test.emails.map((email) => (
              <li key={email.to}>
                {deliveryLine(t, t("ConsoleOps.Alerts.Email", { to: email.to }), email)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="alerts-title">
        <h2 id="alerts-title">{t("ConsoleOps.Alerts.Title")}</h2>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {data && data.items.length === 0 && <p>{t("ConsoleOps.Alerts.Empty")}</p>}
        <ul className="rows" data-testid="alert-list">
          {data?.items.map((alert) => (
            <li key={alert.id} className="row">
              <div className="row__head">
                <strong>{t(`ConsoleOps.Alerts.Kind.${alert.kind}`)}</strong>
                <span className="muted">{formatDateTime(alert.created_at, locale)}</span>
              </div>
              <p className="wrap">{alert.text.split("\n")[0]}</p>
              <ul className="muted">
                <li>{deliveryLine(t, t("ConsoleOps.Alerts.Telegram"), alert.telegram)}</li>
                {alert.emails.map((email) => (
                  <li key={email.to}>
                    {deliveryLine(t, t("ConsoleOps.Alerts.Email", { to: email.to }), email)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        {data && (
          <Pager page={data.page} pageSize={data.page_size} total={data.total} onPage={setPage} />
        )}
      </section>
    </>
  );
}
