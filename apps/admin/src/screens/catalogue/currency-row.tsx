import type { AdminCurrency, AdminCurrencyPatch } from "@obmen/contracts";
import { consoleApi } from "../../api/client.ts";
import { toApiDecimal } from "../../format/format.ts";
import { useI18n } from "../../i18n.tsx";
import { CurrencyFields } from "./currency-fields.tsx";
import { PaymentWatchForm } from "./payment-watch-form.tsx";
import {
  currencyAmount,
  type Draft,
  decimalOrNull,
  integerOrText,
  OnOff,
  useRowEditor,
} from "./row-editor.tsx";

/** A currency: reserve, limits, payment details and its order fields, edited in place. */
export function CurrencyRow({
  currency,
  onSaved,
}: {
  currency: AdminCurrency;
  onSaved: () => void;
}) {
  const { t, locale } = useI18n();
  const initial: Draft = {
    reserve: currency.reserve,
    reserve_warning: currency.reserve_warning ?? "",
    decimals: String(currency.decimals),
    send_min: currency.send_min ?? "",
    send_max: currency.send_max ?? "",
    active: currency.active,
    reserve_name: currency.reserve_name,
    sort_order: String(currency.sort_order),
    payment_target: currency.payment_target ?? "",
    payment_holder: currency.payment_holder ?? "",
  };
  const editor = useRowEditor(
    `currency-${currency.id}`,
    (patch) => consoleApi().currencies.update(currency.id, patch as AdminCurrencyPatch),
    initial,
    (changes) => {
      const patch: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(changes)) {
        if (key === "decimals" || key === "sort_order") patch[key] = integerOrText(value);
        else if (key === "reserve_name") patch[key] = value;
        else if (key === "payment_target" || key === "payment_holder")
          patch[key] = typeof value === "string" && value.trim() ? value : null;
        else if (key === "reserve") patch[key] = toApiDecimal(String(value)) ?? "0";
        else patch[key] = decimalOrNull(value);
      }
      return patch;
    },
    onSaved,
  );
  const code = `${currency.pay_system.shown_name} ${currency.currency_code}`;
  return (
    <li className="row card" aria-label={code}>
      <div className="row__head">
        <img className="row__icon" src={currency.pay_system.icon} alt="" width={24} height={24} />
        <strong>{code}</strong> <span className="mono muted">{currency.url_xml}</span>
        <OnOff active={currency.active} t={t} />
      </div>
      {!editor.editing ? (
        <div className="row__view">
          <span>
            {t("Console.Catalogue.Reserve")}:{" "}
            {currencyAmount(currency.reserve, currency, locale, true)}
          </span>
          <span>
            {t("Console.Catalogue.Available")}:{" "}
            {currencyAmount(currency.available, currency, locale, true)}
          </span>
          {currency.reserve_warning !== null && (
            <span>
              {t("Console.Catalogue.ReserveWarningShort")}:{" "}
              {currencyAmount(currency.reserve_warning, currency, locale)}
            </span>
          )}
          <span>
            {t("Console.Catalogue.Decimals")}: {currency.decimals}
          </span>
          <span>
            {t("Console.Catalogue.Limits")}:{" "}
            {currency.send_min ? currencyAmount(currency.send_min, currency, locale) : "—"} …{" "}
            {currency.send_max ? currencyAmount(currency.send_max, currency, locale) : "—"}
          </span>
          <button type="button" className="button button--small" onClick={editor.start}>
            {t("Console.Edit")}
          </button>
        </div>
      ) : (
        <form className="row__form" onSubmit={editor.save} noValidate>
          {editor.input("reserve", t("Console.Catalogue.Reserve"))}
          {editor.input("reserve_warning", t("Console.Catalogue.ReserveWarning"))}
          {editor.input("decimals", t("Console.Catalogue.Decimals"), "integer")}
          {editor.input("send_min", t("Console.Catalogue.SendMin"))}
          {editor.input("send_max", t("Console.Catalogue.SendMax"))}
          {editor.input("reserve_name", t("Console.Catalogue.ReserveName"), "text")}
          {editor.input("payment_target", t("Console.Catalogue.PaymentTarget"), "text")}
          {editor.input("payment_holder", t("Console.Catalogue.PaymentHolder"), "text")}
          {editor.input("sort_order", t("Console.Catalogue.SortOrder"), "integer")}
          {editor.checkbox("active", t("Console.Catalogue.Active"))}
          {editor.message && (
            <p className="form-error" role="alert">
              {editor.message}
            </p>
          )}
          <div className="row__buttons">
            <button type="submit" className="button" disabled={editor.busy}>
              {t("Console.Save")}
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={() => editor.setEditing(false)}
            >
              {t("Console.Cancel")}
            </button>
          </div>
        </form>
      )}
      {currency.kind === "crypto" && <PaymentWatchForm currency={currency} onSaved={onSaved} />}
      <CurrencyFields currency={currency} onSaved={onSaved} />
    </li>
  );
}
