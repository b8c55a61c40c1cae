import type { AdminPair, AdminRatePreview } from "@obmen/contracts";
import { useState } from "react";
import { consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { formatRateSafe } from "../../format/money.ts";
import { useI18n } from "../../i18n.tsx";

type Point = { recorded_at: string; send_rate: string; receive_rate: string };

/**
 * A pair's automatic rate (issue 27, decision 056): its formula, last quotes and their age,
 * whether it is in service, a held jump to accept, the monitor's competitor; a form that
 * previews a formula before binding the pair to it; and the day's rate as a small chart.
 */
export function PairAutomaticRate({ pair, onSaved }: { pair: AdminPair; onSaved: () => void }) {
  const { t, locale } = useI18n();
  const automatic = pair.automatic_rate;
  const [form, setForm] = useState({
    rate_source: automatic?.rate_source ?? "",
    markup_percent: automatic?.markup_percent ?? pair.markup_percent,
    markup_fixed: automatic?.markup_fixed ?? "",
    freshness_seconds: String(automatic?.freshness_seconds ?? 300),
    max_jump_percent: automatic?.max_jump_percent ?? "",
  });
  const [preview, setPreview] = useState<AdminRatePreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [history, setHistory] = useState<Point[] | null>(null);
  const rate = (value: { send_rate: string; receive_rate: string }) =>
    formatRateSafe({
      rate: value,
      sendCode: pair.send_currency.currency_code,
      receiveCode: pair.receive_currency.currency_code,
      locale,
    });
  const run = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(errorText(error, t));
    }
  };
  const body = {
    rate_source: form.rate_source.trim(),
    markup_percent: form.markup_percent || "0",
    markup_fixed: form.markup_fixed || null,
  };
  const field = (key: keyof typeof form, label: string, hint?: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={form[key]}
        placeholder={hint}
        onChange={(event) => setForm({ ...form, [key]: event.target.value })}
      />
    </label>
  );
  return (
    // Folded under its pair, open when the pair follows a formula: a catalogue of many manual
    // pairs stays a list, not a page of forms.
    <details className="rate-panel" open={Boolean(automatic)}>
      <summary>{t("Console.Rates.Title")}</summary>
      {automatic ? (
        <>
          <p>
            <code>{automatic.rate_source}</code> ·{" "}
            {automatic.in_service ? t("Console.Rates.InService") : t("Console.Rates.OutOfService")}
          </p>
          <ul>
            {automatic.quotes.map((quote) => (
              <li key={quote.quote}>
                {t("Console.Rates.Quote", {
                  quote: quote.quote,
                  value: quote.value,
                  age: quote.age_seconds,
                })}
              </li>
            ))}
          </ul>
          {automatic.monitor?.competitor != null && (
            <p>
              {t("Console.Rates.Monitor", {
                position: automatic.monitor.competitor_position ?? automatic.monitor.position,
                competitor: automatic.monitor.competitor,
              })}
            </p>
          )}
          {automatic.held_real_rate && (
            <p role="status">
              {t("Console.Rates.Held", { rate: automatic.held_real_rate })}{" "}
              <button
                type="button"
                className="button button--small"
                onClick={() =>
                  run(async () => {
                    await consoleApi().pairs.confirmRate(pair.id);
                    onSaved();
                  })
                }
              >
                {t("Console.Rates.Confirm")}
              </button>
            </p>
          )}
        </>
      ) : (
        <p>{t("Console.Rates.Manual")}</p>
      )}
      <div className="row__form">
        {field("rate_source", t("Console.Rates.Formula"), t("Console.Rates.FormulaHint"))}
        {field("markup_percent", t("Console.Rates.MarkupPercent"))}
        {field("markup_fixed", t("Console.Rates.MarkupFixed"))}
        {field("freshness_seconds", t("Console.Rates.Freshness"))}
        {field("max_jump_percent", t("Console.Rates.MaxJump"))}
        <div className="row__buttons">
          <button
            type="button"
            className="button button--quiet"
            onClick={() =>
              run(async () =>
                setPreview(await consoleApi().rateSources.preview({ ...body, pair_id: pair.id })),
              )
            }
          >
            {t("Console.Rates.Preview")}
          </button>
          <button
            type="button"
            className="button"
            onClick={() =>
              run(async () => {
                await consoleApi().pairs.update(pair.id, {
                  ...body,
                  freshness_seconds: Number(form.freshness_seconds),
                  max_jump_percent: form.max_jump_percent || null,
                });
                onSaved();
              })
            }
          >
            {t("Console.Rates.Bind")}
          </button>
          {automatic && (
            <button
              type="button"
              className="button button--quiet"
              onClick={() =>
                run(async () => {
                  await consoleApi().pairs.update(pair.id, { rate_source: null });
                  onSaved();
                })
              }
            >
              {t("Console.Rates.Unbind")}
            </button>
          )}
        </div>
      </div>
      {preview && (
        <p role="status">
          {t("Console.Rates.PreviewResult", { real: preview.real_rate, rate: rate(preview) })}
        </p>
      )}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {automatic && (
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() =>
            run(async () => setHistory((await consoleApi().pairs.rateHistory(pair.id)).items))
          }
        >
          {t("Console.Rates.History")}
        </button>
      )}
      {history && (
        <RateChart
          points={history}
          label={t("Console.Rates.History")}
          empty={t("Console.Rates.NoHistory")}
        />
      )}
    </details>
  );
}

/** The day's applied rate as an SVG line: the number shown is the side that is not 1. */
function RateChart({ points, label, empty }: { points: Point[]; label: string; empty: string }) {
  if (points.length < 2) return <p>{empty}</p>;
  const values = points.map((point) =>
    Number(point.send_rate === "1" ? point.receive_rate : point.send_rate),
  );
  const low = Math.min(...values);
  const span = Math.max(...values) - low || 1;
  const path = values
    .map(
      (value, index) =>
        `${((index / (values.length - 1)) * 600).toFixed(1)},${(118 - ((value - low) / span) * 116).toFixed(1)}`,
    )
    .join(" ");
  return (
    <svg viewBox="0 0 600 120" width="100%" height="120" role="img" aria-label={label}>
      <polyline points={path} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
