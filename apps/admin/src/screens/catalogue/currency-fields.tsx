import type { AdminCurrency } from "@obmen/contracts";
import { useState } from "react";
import { type AdminClient, ApiError, consoleApi } from "../../api/client.ts";
import { errorText } from "../../api/error-text.ts";
import { useI18n } from "../../i18n.tsx";
import {
  FIELD_TYPES,
  type FieldDraft,
  type FieldType,
  fieldDrafts,
  fieldsRequest,
  formatsFor,
  newField,
} from "./currency-fields-model.ts";

/**
 * What customers fill in for a currency (issue 14 point 4): the list, and an editor that
 * replaces it as a whole (`PUT /admin/api/currencies/{id}/fields`). The API checks each
 * definition like the database does; its messages appear under the input they concern
 * (`fields.<row>.<name>`). Orders already made keep the values they were given.
 */
export function CurrencyFields({
  currency,
  onSaved,
}: {
  currency: AdminCurrency;
  onSaved: () => void;
}) {
  const { t, locale } = useI18n();
  const [drafts, setDrafts] = useState<FieldDraft[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const base = `currency-${currency.id}-fields`;

  const label = (field: AdminCurrency["fields"][number]) =>
    locale === "en" ? field.label_en : locale === "uk" ? field.label_uk : field.label_ru;

  if (drafts === null) {
    return (
      <div className="fields">
        <h3 className="fields__title">{t("Console.Fields.Title")}</h3>
        {currency.fields.length === 0 ? (
          <p className="muted">{t("Console.Fields.None")}</p>
        ) : (
          <ul className="plain">
            {currency.fields.map((field) => (
              <li key={field.key}>
                {t(`Console.Fields.Sides.${field.side}`)} ·{" "}
                <span className="mono">{field.key}</span> · {label(field)} ·{" "}
                {t(`Console.Fields.Types.${field.type}`)}
                {field.network ? ` ${field.network}` : ""}
                {field.format ? ` (${t(`Console.Fields.Formats.${field.format}`)})` : ""}
                {field.required ? "" : ` · ${t("Console.Fields.Optional")}`}
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            setDrafts(fieldDrafts(currency));
            setErrors({});
            setMessage("");
          }}
        >
          {t("Console.Fields.Edit")}
        </button>
      </div>
    );
  }

  const update = (index: number, change: Partial<FieldDraft>) =>
    setDrafts(drafts.map((draft, at) => (at === index ? { ...draft, ...change } : draft)));
  const save = async () => {
    setBusy(true);
    setErrors({});
    setMessage("");
    try {
      // An order that is not a whole number is sent as typed, for the API to name the field.
      const body = fieldsRequest(drafts) as Parameters<AdminClient["currencies"]["setFields"]>[1];
      await consoleApi().currencies.setFields(currency.id, body);
      setDrafts(null);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields);
        setMessage(t("Console.Fields.FixErrors"));
      } else setMessage(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fields">
      <h3 className="fields__title">{t("Console.Fields.Title")}</h3>
      {drafts.length === 0 && <p className="muted">{t("Console.Fields.None")}</p>}
      {drafts.map((draft, index) => (
        <FieldEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is the identity
          key={index}
          id={`${base}-${index}`}
          index={index}
          draft={draft}
          errors={errors}
          onChange={(change) => update(index, change)}
          onRemove={() => setDrafts(drafts.filter((_, at) => at !== index))}
        />
      ))}
      <div className="row__buttons">
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setDrafts([...drafts, newField("receive", drafts.length)])}
        >
          {t("Console.Fields.Add")}
        </button>
      </div>
      {errors.fields && <p className="field__error">{errors.fields}</p>}
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <div className="row__buttons">
        <button type="button" className="button" disabled={busy} onClick={save}>
          {t("Console.Fields.Save")}
        </button>
        <button type="button" className="button button--quiet" onClick={() => setDrafts(null)}>
          {t("Console.Cancel")}
        </button>
      </div>
    </div>
  );
}

function FieldEditor({
  id,
  index,
  draft,
  errors,
  onChange,
  onRemove,
}: {
  id: string;
  index: number;
  draft: FieldDraft;
  errors: Record<string, string>;
  onChange: (change: Partial<FieldDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const problem = (name: string) => errors[`fields.${index}.${name}`];
  const described = (name: string) =>
    problem(name)
      ? { "aria-invalid": true as const, "aria-describedby": `${id}-${name}-error` }
      : {};
  // The API names an input by its path (`fields.0.key`): say the input's label instead.
  const error = (name: string, label = "") => {
    const message = problem(name);
    if (!message) return null;
    return (
      <p className="field__error" id={`${id}-${name}-error`}>
        {label ? message.split(`fields.${index}.${name}`).join(label) : message}
      </p>
    );
  };
  const text = (
    name: "key" | "network" | "label_ru" | "label_en" | "label_uk" | "sort_order",
    label: string,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        value={draft[name]}
        onChange={(event) => onChange({ [name]: event.target.value })}
        inputMode={name === "sort_order" ? "numeric" : undefined}
        spellCheck={name.startsWith("label") ? undefined : false}
        {...described(name)}
        // The key's rule is said before anyone breaks it; the API's refusal adds to it.
        {...(name === "key"
          ? {
              "aria-describedby": [`${id}-key-hint`, problem("key") ? `${id}-key-error` : ""]
                .filter(Boolean)
                .join(" "),
            }
          : {})}
      />
      {name === "key" && (
        <p className="muted" id={`${id}-key-hint`}>
          {t("Console.Fields.KeyHint", { side: draft.side })}
        </p>
      )}
      {error(name, label)}
    </div>
  );
  const formats = formatsFor(draft.type);
  return (
    <fieldset className="card fields__row">
      <legend>
        {t("Console.Fields.Number", { number: index + 1 })}
        {draft.key.trim() && draft.key !== `${draft.side}_` ? ` · ${draft.key}` : ""}
      </legend>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-side`}>{t("Console.Fields.Side")}</label>
          <select
            id={`${id}-side`}
            value={draft.side}
            onChange={(event) => {
              const side = event.target.value as FieldDraft["side"];
              // Keep the key's prefix in step with its side, as the API requires.
              const key = draft.key.replace(/^(send|receive)_/, `${side}_`);
              onChange({ side, key });
            }}
            {...described("side")}
          >
            <option value="send">{t("Console.Fields.Sides.send")}</option>
            <option value="receive">{t("Console.Fields.Sides.receive")}</option>
          </select>
          {error("side", t("Console.Fields.Side"))}
        </div>
        {text("key", t("Console.Fields.Key"))}
        <div className="field">
          <label htmlFor={`${id}-type`}>{t("Console.Fields.Type")}</label>
          <select
            id={`${id}-type`}
            value={draft.type}
            onChange={(event) => {
              const type = event.target.value as FieldType;
              onChange({
                type,
                format: formatsFor(type).includes(draft.format as never) ? draft.format : "",
              });
            }}
            {...described("type")}
          >
            {FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`Console.Fields.Types.${type}`)}
              </option>
            ))}
          </select>
          {error("type", t("Console.Fields.Type"))}
        </div>
        {draft.type === "crypto_address"
          ? text("network", t("Console.Fields.Network"))
          : error("network", t("Console.Fields.Network"))}
        {formats.length > 0 && (
          <div className="field">
            <label htmlFor={`${id}-format`}>{t("Console.Fields.Format")}</label>
            <select
              id={`${id}-format`}
              value={draft.format}
              onChange={(event) => onChange({ format: event.target.value })}
              {...described("format")}
            >
              <option value="">{t("Console.Fields.AnyFormat")}</option>
              {formats.map((format) => (
                <option key={format} value={format}>
                  {t(`Console.Fields.Formats.${format}`)}
                </option>
              ))}
            </select>
            {error("format", t("Console.Fields.Format"))}
          </div>
        )}
        {text("label_ru", t("Console.Fields.LabelRu"))}
        {text("label_en", t("Console.Fields.LabelEn"))}
        {text("label_uk", t("Console.Fields.LabelUk"))}
        {text("sort_order", t("Console.Fields.Order"))}
        <div className="field field--check">
          <input
            id={`${id}-required`}
            type="checkbox"
            checked={draft.required}
            onChange={(event) => onChange({ required: event.target.checked })}
          />
          <label htmlFor={`${id}-required`}>{t("Console.Fields.Required")}</label>
        </div>
      </div>
      <button type="button" className="button button--small button--quiet" onClick={onRemove}>
        {t("Console.Fields.Remove")}
      </button>
    </fieldset>
  );
}
