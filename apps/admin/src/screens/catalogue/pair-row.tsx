import type { AdminPair, AdminPairPatch } from "@obmen/contracts";
import { consoleApi } from "../../api/client.ts";
import { toApiDecimal } from "../../format/format.ts";
import { formatNumberSafe, formatRateSafe } from "../../format/money.ts";
import { useI18n } from "../../i18n.tsx";
import { PairAutomaticRate } from "./pair-automatic-rate.tsx";
import { currencyAmount, type Draft, decimalOrNull, OnOff, useRowEditor } from "./row-editor.tsx";

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

/** A direction: its rates (applied and real), fee and limits, edited in place. */
export function PairRow({ pair, onSaved }: { pair: AdminPair; onSaved: () => void }) {
  const { t, locale } = useI18n();
  const initial: Draft = { active: pair.active };
  for (const key of PAIR_DECIMALS) initial[key] = pair[key] ?? "";
  const editor = useRowEditor(
    `pair-${pair.id}`,
    (patch) => consoleApi().pairs.update(pair.id, patch as AdminPairPatch),
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
    formatRateSafe({
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
            {formatNumberSafe({ value: pair.markup_percent, locale })} %
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
      {!editor.editing && <PairAutomaticRate pair={pair} onSaved={onSaved} />}
    </li>
  );
}
