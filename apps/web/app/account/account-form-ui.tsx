import { useRef } from "react";

/** An account form's answer as the page receives it (account-api.server.ts, plus the values). */
export interface FormAnswer {
  intent: string;
  ok: boolean;
  fields?: Record<string, string>;
  message?: string;
  notice?: string;
  /** What was typed, so a page rendered again without JavaScript keeps it. */
  values?: Record<string, string>;
}

/**
 * Reads one form's answer (`intent`): its field errors with the input wiring for assistive
 * technology, the values to show again, and a key that changes after a success so the form
 * is emptied for the next entry.
 */
export function useFormResult(answer: FormAnswer | undefined, intent: string) {
  const mine = answer?.intent === intent ? answer : undefined;
  const successes = useRef(0);
  const lastSuccess = useRef<FormAnswer | undefined>(undefined);
  if (mine?.ok && lastSuccess.current !== mine) {
    lastSuccess.current = mine;
    successes.current += 1;
  }
  const fields = mine && !mine.ok ? (mine.fields ?? {}) : {};
  return {
    formKey: `${intent}-${successes.current}`,
    error: (name: string): string | undefined => fields[name],
    value: (name: string): string | undefined => (mine?.ok ? undefined : mine?.values?.[name]),
    described: (name: string, id: string) => ({
      id,
      "aria-invalid": fields[name] ? true : undefined,
      "aria-describedby": fields[name] ? `${id}-error` : undefined,
    }),
  };
}

export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  );
}

/**
 * The outcome of one form, above it: "saved" after a success; after a refusal, the API's
 * message and any field problem the form has no input for (`known` lists those it has).
 */
export function AccountNotice({
  result,
  intent,
  done,
  known = [],
}: {
  result: FormAnswer | undefined;
  intent: string;
  done: string;
  known?: readonly string[];
}) {
  if (result?.intent !== intent) return null;
  if (result.ok) {
    return (
      <p role="status" className="account-notice">
        {result.notice ?? done}
      </p>
    );
  }
  const others = Object.entries(result.fields ?? {}).filter(([name]) => !known.includes(name));
  if (!result.message && others.length === 0) return null;
  return (
    <div role="alert" className="account-notice account-notice--problem">
      {result.message && <p>{result.message}</p>}
      {others.map(([name, message]) => (
        <p key={name}>{message}</p>
      ))}
    </div>
  );
}
