import type { ConsoleTranslate } from "../../i18n.tsx";

/** One labelled input of the catalogue's forms (new pay systems, currencies, pairs; edits). */
export type Input =
  | { key: string; label: string; kind: "text" | "decimal" | "integer" }
  | { key: string; label: string; kind: "select"; options: { value: string; label: string }[] }
  /** One of the icons the site serves (`GET /admin/api/icons`), shown beside its name. */
  | { key: string; label: string; kind: "icon"; options: readonly string[] };

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
      {input.kind === "icon" ? (
        <IconPicker
          id={inputId}
          options={input.options}
          value={value}
          invalid={Boolean(error)}
          describedBy={described}
          onChange={onChange}
          t={t}
        />
      ) : input.kind === "select" ? (
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

/** `/icons/kaspi.svg` → `kaspi`: what the picker lists. */
export function iconName(path: string): string {
  return (path.split("/").pop() ?? path).replace(/\.[a-z]+$/, "");
}

/**
 * A select of the site's icons with a preview of the chosen one. A saved icon the site no
 * longer serves stays listed, so that the form shows what customers see now.
 */
function IconPicker({
  id,
  options,
  value,
  invalid,
  describedBy,
  onChange,
  t,
}: {
  id: string;
  options: readonly string[];
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: string) => void;
  t: ConsoleTranslate;
}) {
  const listed = value === "" || options.includes(value) ? options : [value, ...options];
  return (
    <span className="icon-picker" style={{ display: "flex", alignItems: "center", gap: "0.5rem" }}>
      <select
        style={{ flex: 1, minWidth: 0 }}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{t("Console.Create.Choose")}</option>
        {listed.map((path) => (
          <option key={path} value={path}>
            {iconName(path)}
          </option>
        ))}
      </select>
      {value && (
        <img
          className="icon-picker__preview"
          src={value}
          alt=""
          width={24}
          height={24}
          data-testid={`${id}-preview`}
        />
      )}
    </span>
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
