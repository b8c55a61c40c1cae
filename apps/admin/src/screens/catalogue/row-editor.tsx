import { type FormEvent, useState } from "react";
import { changedValues, toApiDecimal } from "../../format/format.ts";
import { formatMoney } from "../../format/money.ts";
import type { ConsoleTranslate } from "../../i18n.tsx";
import { useSubmission } from "../../ui/use-submission.ts";

/**
 * A catalogue row edited in place: the inputs hold the values as typed, and only the keys the
 * operator changed are sent, since the API audits each before and after (decision 028).
 */
export type Draft = Record<string, string | boolean>;

/** The editable values of a row as the inputs hold them (decimals as typed text). */
export function useRowEditor(
  id: string,
  /** Sends the row's changed keys (the API's PATCH); a refusal is shown under the inputs. */
  save: (patch: Record<string, unknown>) => Promise<unknown>,
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
  const saveChanges = async (event: FormEvent) => {
    event.preventDefault();
    const changes = changedValues(initial, draft);
    if (Object.keys(changes).length === 0) {
      setEditing(false);
      return;
    }
    if (await submit(() => save(toPatch(changes)).then(() => undefined))) {
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
  return { editing, setEditing, start, save: saveChanges, input, checkbox, busy, message };
}

/** A typed whole number, or the text itself so the API names the field it cannot read. */
export const integerOrText = (value: string | boolean | undefined) =>
  typeof value === "string" && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;

export const decimalOrNull = (value: string | boolean | undefined) =>
  typeof value === "string" ? toApiDecimal(value) : value;

export function OnOff({ active, t }: { active: boolean; t: ConsoleTranslate }) {
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
export function currencyAmount(
  amount: string,
  currency: { currency_code: string; decimals: number },
  locale: string,
  roundDown = false,
): string {
  return formatMoney({
    amount,
    currency: { code: currency.currency_code, decimals: currency.decimals },
    locale,
    roundDown,
  });
}
