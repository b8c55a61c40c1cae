import { useTranslation } from "../i18n/i18n-context.tsx";

/**
 * The e-mail a browser that did not create the order types to move it (decision 052): shown
 * inside the "I paid" form and the "cancel" question, with the order's masked address as a
 * reminder. A plain input in a plain form, so it works without JavaScript; the site words
 * every refusal itself (no `required`, no browser bubble).
 */
export function OrderEmailProof(props: { id: string; maskedEmail: string; error?: string }) {
  const { id, error } = props;
  const { t } = useTranslation();
  const described = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field order-proof">
      <label htmlFor={id} className="field__label">
        {t("OrderProof.Label")}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {t("OrderProof.Hint", { email: props.maskedEmail })}
      </p>
      <input
        id={id}
        name="email"
        type="text"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
