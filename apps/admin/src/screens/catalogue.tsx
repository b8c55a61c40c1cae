import type { AdminCurrency, AdminPair } from "@obmen/contracts";
import { formatAmount, formatPlainNumber, formatRate } from "@obmen/domain";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api } from "../api.ts";
import { errorText } from "../app.tsx";
import { changedValues, toApiDecimal } from "../format.ts";
import { type ConsoleTranslate, useI18n } from "../i18n.tsx";
import { CatalogueCreate } from "./catalogue-create.tsx";
import { CurrencyFields } from "./catalogue-fields.tsx";
import { useSubmission } from "./form-submission.ts";

/**
 * Currencies and pairs, each row editable in place. Only the changed keys are sent; the API
 * checks them (decision 028) and its messages appear under the inputs they concern.
 */
export function CatalogueScreen() {
  const { t } = useI18n();
  const [currencies, setCurrencies] = useState<AdminCurrency[] | null>(null);
  const [pairs, setPairs] = useState<AdminPair[] | null>(null);
  const [error, setError] = useState("");
  const [tab, setTab] = useState<"pairs" | "currencies" | "new">("pairs");
  const [filter, setFilter] = useState("");

  const load = useCallback(() => {
    Promise.all([
      api<{ items: AdminCurrency[] }>("GET", "/currencies"),
      api<{ items: AdminPair[] }>("GET", "/pairs"),
    ])
      .then(([c, p]) => {
        setCurrencies(c.items);
        setPairs(p.items);
      })
      .catch((reason) => setError(errorText(reason, t)));
  }, [t]);
  useEffect(load, [load]);

  const needle = filter.trim().toUpperCase();
  const shownCurrencies = currencies?.filter((currency) =>
    `${currency.url_xml} ${currency.currency_code} ${currency.pay_system.shown_name} ${currency.pay_system.name}`
      .toUpperCase()
      .includes(needle),
  );
  const shownPairs = pairs?.filter((pair) =>
    `${pair.send_currency.url_xml} ${pair.receive_currency.url_xml}`.toUpperCase().includes(needle),
  );
  return (
    <section aria-labelledby="catalogue-title">
      <h1 id="catalogue-title">{t("Console.Catalogue.Title")}</h1>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="tabs">
        <div className="tabs__buttons">
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={tab === "pairs"}
            onClick={() => setTab("pairs")}
          >
            {t("Console.Catalogue.Pairs")} ({pairs?.length ?? 0})
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={tab === "currencies"}
            onClick={() => setTab("currencies")}
          >
            {t("Console.Catalogue.Currencies")} ({currencies?.length ?? 0})
          </button>
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={tab === "new"}
            onClick={() => setTab("new")}
          >
            {t("Console.Create.Tab")}
          </button>
        </div>
        <div className="field">
          <label htmlFor="catalogue-filter">{t("Console.Catalogue.Filter")}</label>
          <input
            id="catalogue-filter"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="USDTTRC20"
          />
        </div>
      </div>
      {tab === "new" ? (
        <CatalogueCreate currencies={currencies ?? []} onCreated={load} />
      ) : tab === "currencies" ? (
        <ul className="rows" aria-label={t("Console.Catalogue.Currencies")}>
          {shownCurrencies?.map((currency) => (
            <CurrencyRow key={currency.id} currency={currency} onSaved={load} />
          ))}
        </ul>
      ) : (
        <ul className="rows" aria-label={t("Console.Catalogue.Pairs")}>
          {shownPairs?.map((pair) => (
            <PairRow key={pair.id} pair={pair} onSaved={load} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Draft = Record<string, string | boolean>;

/** The editable values of a row as the inputs hold them (decimals as typed text). */
function useRowEditor(
  id: string,
  path: string,
  initial: Draft,
  toPatch: (changes: Partial<Draft>) => Record<string, unknown>,
  onSaved: () => void,
) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(initial);
  const { fields, message, busy, clear, submit } = useSubmission();

  const start = () => {
    setDraft(initial);
    clear();
    setEditing(true);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const changes = changedValues(initial, draft);
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    if (await submit(() => api("PATCH", path, toPatch(changes)).then(() => undefined))) {
      setEditing(false);
      onSaved();
    }
  };
  const input = (key: string, label: string, kind: "decimal" | "integer" | "text" = "decimal") => (
    <div className="field" key={key}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        inputMode={kind === "integer" ? "numeric" : kind === "decimal" ? "decimal" : undefined}
        value={String(draft[key] ?? "")}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        aria-invalid={fields[key] ? true : undefined}
        aria-describedby={fields[key] ? `${id}-${key}-error` : undefined}
      />
      {fields[key] && (
        <p className="field__error" id={`${id}-${key}-error`}>
          {fields[key]}
        </p>
      )}
    </div>
  );
  const checkbox = (key: string, label: string) => (
    <div className="field field--check" key={key}>
      <input
        id={`${id}-${key}`}
        type="checkbox"
        checked={draft[key] === true}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
      />
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {fields[key] && <p className="field__error">{fields[key]}</p>}
    </div>
  );
  return { editing, setEditing, start, save, input, checkbox, busy, message };
}

/** A typed whole number, or the text itself so the API names the field it cannot read. */
const integerOrText = (value: string | boolean | undefined) =>
  typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;

const decimalOrNull = (value: string | boolean | undefined) =>
  typeof value === "string" ? toApiDecimal(value) : value;

function CurrencyRow({ currency, onSaved }: { currency: AdminCurrency; onSaved: () => void }) {
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
    `/currencies/${currency.id}`,
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
      <CurrencyFields currency={currency} onSaved={onSaved} />
    </li>
  );
}

const PAIR_DECIMALS = [
  "send_rate",
  "receive_rate",
  "send_rate_real",
  "receive_rate_real",
  "comission_amount",
  "min_send_sum",
  "max_send_sum",
  "min_receive_sum",
  "max_receive_sum",
] as const;

function PairRow({ pair, onSaved }: { pair: AdminPair; onSaved: () => void }) {
  const { t, locale } = useI18n();
  const initial: Draft = { active: pair.active };
  for (const key of PAIR_DECIMALS) initial[key] = pair[key] ?? "";
  const editor = useRowEditor(
    `pair-${pair.id}`,
    `/pairs/${pair.id}`,
    initial,
    (changes) => {
      const patch: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(changes)) {
        const required =
          key.endsWith("rate") || key.endsWith("rate_real") || key === "comission_amount";
        patch[key] =
          typeof value === "string" && required
            ? (toApiDecimal(value) ?? "")
            : decimalOrNull(value);
      }
      return patch;
    },
    onSaved,
  );
  const name = `${pair.send_currency.url_xml} → ${pair.receive_currency.url_xml}`;
  const limit = (value: string | null, side: AdminPair["send_currency"]) =>
    value ? currencyAmount(value, side, locale) : "—";
  const rate = (send_rate: string, receive_rate: string) =>
    formatRate({
      rate: { send_rate, receive_rate },
      sendCode: pair.send_currency.currency_code,
      receiveCode: pair.receive_currency.currency_code,
      locale,
    });
  return (
    <li className="row card" aria-label={name}>
      <div className="row__head">
        <strong>{name}</strong>
        <OnOff active={pair.active} t={t} />
      </div>
      {!editor.editing ? (
        <div className="row__view">
          <span>
            {t("Console.Catalogue.Rate")}: {rate(pair.send_rate, pair.receive_rate)}
          </span>
          <span>
            {t("Console.Catalogue.RealRate")}: {rate(pair.send_rate_real, pair.receive_rate_real)}
          </span>
          <span>
            {t("Console.Catalogue.Markup")}:{" "}
            {formatPlainNumber({ value: pair.markup_percent, locale })} %
          </span>
          <span>
            {t("Console.Catalogue.Commission")}:{" "}
            {currencyAmount(pair.comission_amount, pair.receive_currency, locale)}
          </span>
          <span>
            {t("Console.Catalogue.SendLimits")}: {limit(pair.min_send_sum, pair.send_currency)} …{" "}
            {limit(pair.max_send_sum, pair.send_currency)}
          </span>
          <span>
            {t("Console.Catalogue.ReceiveLimits")}:{" "}
            {limit(pair.min_receive_sum, pair.receive_currency)} …{" "}
            {limit(pair.max_receive_sum, pair.receive_currency)}
          </span>
          <button type="button" className="button button--small" onClick={editor.start}>
            {t("Console.Edit")}
          </button>
        </div>
      ) : (
        <form className="row__form" onSubmit={editor.save} noValidate>
          {editor.checkbox("active", t("Console.Catalogue.Active"))}
          {editor.input("send_rate", t("Console.Catalogue.SendRate"))}
          {editor.input("receive_rate", t("Console.Catalogue.ReceiveRate"))}
          {editor.input("send_rate_real", t("Console.Catalogue.SendRateReal"))}
          {editor.input("receive_rate_real", t("Console.Catalogue.ReceiveRateReal"))}
          {editor.input("comission_amount", t("Console.Catalogue.Commission"))}
          {editor.input("min_send_sum", t("Console.Catalogue.MinSend"))}
          {editor.input("max_send_sum", t("Console.Catalogue.MaxSend"))}
          {editor.input("min_receive_sum", t("Console.Catalogue.MinReceive"))}
          {editor.input("max_receive_sum", t("Console.Catalogue.MaxReceive"))}
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
    </li>
  );
}

function OnOff({ active, t }: { active: boolean; t: ConsoleTranslate }) {
  return (
    <span className={active ? "badge badge--completed" : "badge badge--cancelled"}>
      {active ? t("Console.Catalogue.On") : t("Console.Catalogue.Off")}
    </span>
  );
}

/**
 * An amount of a currency as the site and the letters write it (decision 022); a reserve is cut
 * to the currency's places (`roundDown`) so it never looks bigger than it is.
 */
function currencyAmount(
  amount: string,
  currency: { currency_code: string; decimals: number },
  locale: string,
  roundDown = false,
): string {
  return formatAmount({
    amount,
    currency: { code: currency.currency_code, decimals: currency.decimals },
    locale,
    roundDown,
  });
}
