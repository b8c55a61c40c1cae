import type { AdminCurrency, PaymentWatch } from "@obmen/contracts";
import { type FormEvent, useState } from "react";
import { consoleApi } from "../../api/client.ts";
import { errorText, fieldErrors } from "../../api/error-text.ts";
import { useI18n } from "../../i18n.tsx";

type Kind = "manual" | PaymentWatch["kind"];

/**
 * How a currency's payments are confirmed (issue 28, decisions 058, 059): by hand, or watched
 * on chain. A bound key shows its first three addresses, so the operator can check them against
 * the wallet before any order uses one.
 */
export function PaymentWatchForm({
  currency,
  onSaved,
}: {
  currency: AdminCurrency;
  onSaved: () => void;
}) {
  const { t } = useI18n();
  const watch = currency.payment_watch;
  const [kind, setKind] = useState<Kind>(watch?.kind ?? "manual");
  const [xpub, setXpub] = useState(watch?.xpub ?? "");
  const [address, setAddress] = useState(watch?.address ?? "");
  const [confirmations, setConfirmations] = useState(
    String(watch?.confirmations ?? (kind === "tron" ? 19 : 2)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `watch-${currency.id}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const count = Number(confirmations);
    const payment_watch =
      kind === "manual"
        ? null
        : kind === "esplora"
          ? { kind, xpub: xpub.trim(), confirmations: count }
          : kind === "tron"
            ? { kind, address: address.trim(), confirmations: count }
            : { kind };
    setBusy(true);
    try {
      await consoleApi().currencies.update(currency.id, { payment_watch });
      setErrors({});
      setMessage(null);
      onSaved();
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage(errorText(error, t));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: string) =>
    errors[field] && (
      <span className="form-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </span>
    );
  return (
    <form
      className="row__form payment-watch"
      onSubmit={save}
      noValidate
      aria-label={t("Console.PaymentWatch.Title")}
    >
      <label>
        {t("Console.PaymentWatch.Kind")}
        <select value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
          <option value="manual">{t("Console.PaymentWatch.Manual")}</option>
          <option value="esplora">{t("Console.PaymentWatch.Esplora")}</option>
          <option value="tron">{t("Console.PaymentWatch.Tron")}</option>
          <option value="btcpay">{t("Console.PaymentWatch.Btcpay")}</option>
        </select>
        {fieldError("payment_watch.kind")}
      </label>
      {kind === "esplora" && (
        <label>
          {t("Console.PaymentWatch.Xpub")}
          <input
            className="mono"
            value={xpub}
            onChange={(event) => setXpub(event.target.value)}
            aria-invalid={Boolean(errors["payment_watch.xpub"])}
          />
          {fieldError("payment_watch.xpub")}
        </label>
      )}
      {kind === "tron" && (
        <label>
          {t("Console.PaymentWatch.Address")}
          <input
            className="mono"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            aria-invalid={Boolean(errors["payment_watch.address"])}
          />
          {fieldError("payment_watch.address")}
        </label>
      )}
      {(kind === "esplora" || kind === "tron") && (
        <label>
          {t("Console.PaymentWatch.Confirmations")}
          <input
            inputMode="numeric"
            value={confirmations}
            onChange={(event) => setConfirmations(event.target.value)}
          />
          {fieldError("payment_watch.confirmations")}
        </label>
      )}
      {watch && watch.first_addresses.length > 0 && (
        <div data-testid="first-addresses">
          <span>{t("Console.PaymentWatch.FirstAddresses")}</span>
          <ol className="mono">
            {watch.first_addresses.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </div>
      )}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <div className="row__buttons">
        <button type="submit" className="button" disabled={busy}>
          {t("Console.Save")}
        </button>
      </div>
    </form>
  );
}
