import type { ConsoleTranslate } from "../i18n.tsx";

/** One labelled input of the catalogue's forms (new pay systems, currencies, pairs; edits). */
export type Input =
  | { key: string; label: string; kind: "text" | "decimal" | "integer" }
  | { key: string; label: string; kind: "select"; options: { value: string; label: string }[] };

export function CreateInput({
  id,
  input,
  value,
  error,
  onChange,
  t,
}: {
  id: string;
  input: Input;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  t: ConsoleTranslate;
}) {
  const inputId = `${id}-${input.key}`;
  const described = error ? `${inputId}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{input.label}</label>
      {input.kind === "select" ? (
        <select
          id={inputId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        >
          <option value="">{t("Console.Create.Choose")}</option>
          {input.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={inputId}
          inputMode={
            input.kind === "text" ? undefined : input.kind === "integer" ? "numeric" : "decimal"
          }
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      )}
      {error && (
        <p className="field__error" id={described}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Under a catalogue form: why the call failed, or `done`, what it did. */
export function FormOutcome({ message, done }: { message: string; done: string }) {
  return (
    <>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      {done && (
        <p className="notice row__buttons" role="status">
          {done}
        </p>
      )}
    </>
  );
}
