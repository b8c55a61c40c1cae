import type { OrderFieldDefinition } from "@obmen/contracts";
import type { InputHTMLAttributes } from "react";

/** Input attributes that suit each wire field type: phones get the phone keypad, cards digits. */
const INPUT_PROPS: Record<OrderFieldDefinition["type"], InputHTMLAttributes<HTMLInputElement>> = {
  card_number: { inputMode: "numeric", autoComplete: "off", placeholder: "0000 0000 0000 0000" },
  phone: { type: "tel", inputMode: "tel", autoComplete: "tel" },
  full_name: { autoComplete: "name", autoCapitalize: "words" },
  email: { type: "email", inputMode: "email", autoComplete: "email", spellCheck: false },
  crypto_address: { autoComplete: "off", autoCapitalize: "off", spellCheck: false },
  text: { autoComplete: "off" },
};

/** A payment system's account format refines its type's input (decision 025). */
const FORMAT_INPUT_PROPS: Record<
  NonNullable<OrderFieldDefinition["format"]>,
  InputHTMLAttributes<HTMLInputElement>
> = {
  yoomoney_wallet: { inputMode: "numeric", autoComplete: "off", placeholder: "41001…" },
  payeer_account: { autoComplete: "off", autoCapitalize: "characters", placeholder: "P1234567" },
  advcash_usd_wallet: { autoComplete: "off", autoCapitalize: "off", spellCheck: false },
  iban: { autoComplete: "off", autoCapitalize: "characters", spellCheck: false },
  sbp_phone: {
    type: "tel",
    inputMode: "tel",
    autoComplete: "tel",
    placeholder: "+7 900 123-45-67",
  },
};

/** Props every labelled input of the calculator shares: id, error wiring for assistive tech. */
export function describedInput(id: string, error: string | undefined, hintId?: string) {
  const describedBy = [hintId, error ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  );
}

/** One of the pair's dynamic order fields (label and type from the API). */
export function OrderFieldInput(props: {
  definition: OrderFieldDefinition;
  name: string;
  defaultValue: string | undefined;
  error: string | undefined;
  onBlur: (value: string) => void;
  onChange: (value: string) => void;
  /** Something beside the label, such as the saved-wallet picker. */
  picker?: React.ReactNode;
}) {
  const { definition, name, error } = props;
  const id = `field-${definition.key}`;
  const label = (
    <label htmlFor={id} className="field__label">
      {definition.label}
      {definition.required && <span aria-hidden="true"> *</span>}
    </label>
  );
  return (
    <div className="field">
      {props.picker ? (
        <div className="field__label-row">
          {label}
          {props.picker}
        </div>
      ) : (
        label
      )}
      <input
        {...(definition.format
          ? FORMAT_INPUT_PROPS[definition.format]
          : INPUT_PROPS[definition.type])}
        {...describedInput(id, error)}
        name={name}
        className="field__input"
        required={definition.required}
        defaultValue={props.defaultValue}
        onBlur={(event) => props.onBlur(event.currentTarget.value)}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
