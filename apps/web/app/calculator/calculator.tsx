import {
  compareDecimals,
  type FieldRejectionReason,
  formatAmount,
  formatAmountInput,
  formatLimit,
  formatRate,
  validateOrderField,
} from "@obmen/domain";
import { type FormEvent, useState } from "react";
import { Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import type { SavedWallet } from "../account/saved-wallet.ts";
import { WalletPicker } from "../account/wallet-picker.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { RichText } from "../i18n/rich-text.tsx";
import { useLocale, useLocalizedHref } from "../i18n/use-locale.ts";
import { keepJustCreated, tabStorage } from "../order/just-created.ts";
import type { loader as rootLoader } from "../root.tsx";
import { parseAmountText } from "./amount-text.ts";
import {
  type AmountProblem,
  computeAmounts,
  fieldOf,
  type TypedAmount,
} from "./compute-amounts.ts";
import type { CreateOrderFailure } from "./create-order.server.ts";
import { describedInput, FieldError, OrderFieldInput } from "./order-field-input.tsx";
import { CHECKED, orderFieldName } from "./order-form.ts";
import type { CalculatorCurrency, CalculatorPair } from "./to-calculator-pair.ts";

/**
 * The calculator's order view (spec §2 "select and order", §3 form): amounts recomputed live
 * with the domain's quote functions, the pair's fields, e-mail and the agreement. It posts to
 * the route action as a plain form, so it also works before JavaScript has loaded.
 */
export function Calculator({
  pair,
  failure,
  savedWallets = [],
}: {
  pair: CalculatorPair;
  failure: CreateOrderFailure | undefined;
  /** A signed-in user's wallets of the receive currency, offered beside their fields. */
  savedWallets?: SavedWallet[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useLocalizedHref();
  const submitting = useNavigation().state === "submitting";
  // A signed-in user's orders are listed by their login e-mail (the history), so it is the default.
  const signedInEmail = useRouteLoaderData<typeof rootLoader>("root")?.user?.email;
  const [typed, setTyped] = useState<TypedAmount>(() => initialAmount(pair, failure, locale));
  const [amountsEdited, setAmountsEdited] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  // A server error stays next to its input until the visitor changes that input.
  const [answered, setAnswered] = useState<Set<string>>(new Set());
  const [answeredFailure, setAnsweredFailure] = useState(failure);
  if (answeredFailure !== failure) {
    // A new answer from the action: its errors show again (React's "reset state on prop change").
    setAnsweredFailure(failure);
    setAnswered(new Set());
  }

  const amounts = computeAmounts(pair, typed, locale);
  const serverErrors = failure?.errors ?? {};
  const amountMessage = (problem: AmountProblem | undefined, currency: CalculatorCurrency) => {
    if (!problem) return undefined;
    if (problem.code === "too_many_decimals") {
      return t("Amount.too_many_decimals", { count: Number(problem.limit) });
    }
    const bound = problem.code === "below_min" ? "min" : "max";
    const amount = problem.limit
      ? formatLimit({ amount: problem.limit, currency, locale, bound })
      : "";
    return t(`Amount.${problem.code}`, { amount });
  };
  const errorFor = (path: string): string | undefined => {
    if (clientErrors[path]) return clientErrors[path];
    return answered.has(path) ? undefined : serverErrors[path];
  };
  const amountError = (side: "send" | "receive") => {
    const field = fieldOf(side);
    // Our own wording (locale-formatted limits) also replaces the API's for a refused amount.
    const client =
      amountsEdited || Object.keys(clientErrors).length > 0 || Boolean(serverErrors[field]);
    const problem = client ? amounts.problems[field] : undefined;
    return amountMessage(problem, pair[side]) ?? errorFor(field);
  };

  const fieldMessage = (reason: FieldRejectionReason, label: string) =>
    t(`OrderField.${reason}`, { label });
  const checkField = (path: string, message: string | undefined) =>
    setClientErrors(({ [path]: _, ...rest }) => (message ? { ...rest, [path]: message } : rest));
  const validateEmail = (value: string) => {
    const result = validateOrderField({ type: "email", value });
    return result.ok ? undefined : fieldMessage(result.reason, t("Calculator.Email"));
  };
  const validateField = (key: string, value: string) => {
    const definition = pair.fields.find((field) => field.key === key)!;
    const result = validateOrderField({ ...definition, value });
    return result.ok ? undefined : fieldMessage(result.reason, definition.label);
  };
  const changed = (path: string, message: string | undefined) => {
    setAnswered((paths) => new Set(paths).add(path));
    // Once an error shows, it follows the typing so it disappears as soon as the value is right.
    if (clientErrors[path]) checkField(path, message);
  };
  const typeAmount = (fixedSide: "send" | "receive", text: string) => {
    setTyped({ fixedSide, text });
    setAmountsEdited(true);
    setAnswered((paths) => new Set(paths).add("send_amount").add("receive_amount"));
  };

  // While typing the field keeps the visitor's own text (a space appearing under the caret would
  // get in the way); once they leave it, it is grouped as the other field and the limits are.
  const groupTyped = (side: "send" | "receive") =>
    setTyped((current) => {
      const plain = current.fixedSide === side ? parseAmountText(current.text, locale) : null;
      if (plain === null) return current;
      const decimals = pair[side].decimals;
      return { ...current, text: formatAmountInput({ amount: plain, decimals, locale }) };
    });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const errors: Record<string, string> = {};
    const emailError = validateEmail(String(form.get("email") ?? ""));
    if (emailError) errors.email = emailError;
    for (const field of pair.fields) {
      const path = orderFieldName(field.key);
      const message = validateField(field.key, String(form.get(path) ?? ""));
      if (message) errors[path] = message;
    }
    if (form.get("agreement") !== CHECKED) errors.agreement = t("Calculator.AgreementRequired");
    setClientErrors(errors);
    setAmountsEdited(true);
    if (Object.keys(errors).length > 0 || Object.keys(amounts.problems).length > 0) {
      event.preventDefault();
      // Focus the first input that needs attention once React has marked it.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(".calc [aria-invalid='true']")?.focus(),
      );
      return;
    }
    // This tab alone keeps what the order page will mask, so its creator can "show" it there
    // (decision 023, "Revised"); the server never gets it back.
    keepJustCreated({
      storage: tabStorage(),
      fields: pair.fields.map(({ key, type }) => ({
        key,
        type,
        value: String(form.get(orderFieldName(key)) ?? ""),
      })),
      now: Date.now(),
    });
  }

  const { limits } = pair;
  const rate = formatRate({
    rate: pair.rate,
    sendCode: pair.send.code,
    receiveCode: pair.receive.code,
    locale,
  });
  const money = (amount: string, currency: CalculatorCurrency) =>
    formatAmount({ amount, currency, locale });
  const limit = (amount: string, currency: CalculatorCurrency, bound: "min" | "max") =>
    formatLimit({ amount, currency, locale, bound });
  const sendError = amountError("send");
  const receiveError = amountError("receive");
  const emailError = errorFor("email");
  const agreementError = errorFor("agreement");

  return (
    <Form method="post" className="calc" noValidate onSubmit={onSubmit}>
      <input type="hidden" name="currency_pairs_in_service_id" value={pair.id} />
      <input type="hidden" name="send_rate" value={pair.rate.send_rate} />
      <input type="hidden" name="receive_rate" value={pair.rate.receive_rate} />
      <input type="hidden" name="fixed_side" value={typed.fixedSide} />
      <input type="hidden" name="send_key_code" value={pair.send.urlXml} />
      <input type="hidden" name="receive_key_code" value={pair.receive.urlXml} />
      <input type="hidden" name="send_decimal" value={pair.send.decimals} />
      <input type="hidden" name="receive_decimal" value={pair.receive.decimals} />

      {failure?.rateChanged && (
        <p className="calc__notice calc__notice--warn" role="alert">
          {t("Calculator.RateChanged", { rate })}
        </p>
      )}
      {failure?.message && !failure.rateChanged && (
        <p className="calc__notice calc__notice--error" role="alert">
          {failure.message}
        </p>
      )}
      {!limits.isAvailable && (
        <p className="calc__notice calc__notice--warn" role="status">
          {t("Calculator.Unavailable")}
        </p>
      )}

      <div className="calc__sides">
        <AmountSide
          side="send"
          title={t("Calculator.Send")}
          currency={pair.send}
          value={amounts.sendText}
          onChange={(text) => typeAmount("send", text)}
          onBlur={() => groupTyped("send")}
          error={sendError}
          hint={t("Calculator.Limits", {
            min: limit(limits.minSend, pair.send, "min"),
            max: limit(limits.maxSend, pair.send, "max"),
          })}
        />
        <AmountSide
          side="receive"
          title={t("Calculator.Receive")}
          currency={pair.receive}
          value={amounts.receiveText}
          onChange={(text) => typeAmount("receive", text)}
          onBlur={() => groupTyped("receive")}
          error={receiveError}
          hint={t(limits.limitedByReserve ? "Calculator.LimitsByReserve" : "Calculator.Limits", {
            min: limit(limits.minReceive, pair.receive, "min"),
            max: limit(limits.maxReceive, pair.receive, "max"),
          })}
        />
      </div>

      <dl className="calc__facts">
        <div>
          <dt>{t("Calculator.Rate")}</dt>
          <dd>{rate}</dd>
        </div>
        {compareDecimals(pair.rate.comission_amount, "0") > 0 && (
          <div>
            <dt>{t("Calculator.Fee")}</dt>
            <dd>{money(pair.rate.comission_amount, pair.receive)}</dd>
          </div>
        )}
        <div>
          <dt>{t("Calculator.Reserve")}</dt>
          <dd>{money(pair.reserve, pair.receive)}</dd>
        </div>
      </dl>

      <fieldset className="calc__details">
        <legend>{t("Calculator.DetailsHeading")}</legend>
        {pair.fields.map((field) => {
          const path = orderFieldName(field.key);
          const wallets = savedWallets.filter((wallet) => wallet.fieldKey === field.key);
          return (
            <OrderFieldInput
              key={field.key}
              definition={field}
              name={path}
              defaultValue={failure?.values[path]}
              error={errorFor(path)}
              onBlur={(value) => checkField(path, validateField(field.key, value))}
              onChange={(value) => changed(path, validateField(field.key, value))}
              picker={
                wallets.length > 0 && (
                  <WalletPicker
                    wallets={wallets}
                    inputId={`field-${field.key}`}
                    onPick={(value) => {
                      const message = validateField(field.key, value);
                      changed(path, message);
                      checkField(path, message);
                    }}
                  />
                )
              }
            />
          );
        })}
        <div className="field">
          <label htmlFor="email" className="field__label">
            {t("Calculator.Email")}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            {...describedInput("email", emailError, "email-hint")}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            required
            className="field__input"
            defaultValue={failure?.values.email ?? signedInEmail}
            onBlur={(event) => checkField("email", validateEmail(event.currentTarget.value))}
            onChange={(event) => changed("email", validateEmail(event.currentTarget.value))}
          />
          <p id="email-hint" className="field__hint">
            {t("Calculator.EmailHint")}
          </p>
          <FieldError id="email" error={emailError} />
        </div>
      </fieldset>

      <div className="field field--check">
        <input
          {...describedInput("agreement", agreementError)}
          type="checkbox"
          name="agreement"
          required
          defaultChecked={failure?.values.agreement === CHECKED}
          onChange={(event) =>
            changed("agreement", event.currentTarget.checked ? undefined : agreementError)
          }
        />
        <label htmlFor="agreement">
          <RichText
            text={t("Calculator.Agreement")}
            components={{
              rules: <Link to={href("/rules")} />,
              agreement: <Link to={href("/agreement")} />,
            }}
          />
        </label>
        <FieldError id="agreement" error={agreementError} />
      </div>

      <button type="submit" className="button calc__submit" disabled={submitting}>
        {submitting ? t("Calculator.Submitting") : t("Calculator.Submit")}
      </button>
    </Form>
  );
}

function AmountSide(props: {
  side: "send" | "receive";
  title: string;
  currency: CalculatorCurrency;
  value: string;
  onChange: (text: string) => void;
  onBlur: () => void;
  error: string | undefined;
  hint: string;
}) {
  const { t } = useTranslation();
  const { side, currency, error } = props;
  const id = `${side}_amount`;
  return (
    <fieldset className="calc__side">
      <legend className="calc__side-title">{props.title}</legend>
      <div className="calc__currency">
        <img src={currency.icon} alt="" width={36} height={36} decoding="async" />
        <span>
          <span className="calc__currency-name">{currency.name}</span>
          <span className="calc__currency-code">{currency.code}</span>
        </span>
      </div>
      <label htmlFor={id} className="field__label">
        {t("Calculator.AmountLabel", { code: currency.code })}
      </label>
      <input
        {...describedInput(id, error, `${id}-hint`)}
        name={id}
        className="field__input calc__amount"
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        onBlur={props.onBlur}
      />
      <p id={`${id}-hint`} className="field__hint">
        {props.hint}
      </p>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

function initialAmount(
  pair: CalculatorPair,
  failure: CreateOrderFailure | undefined,
  locale: ReturnType<typeof useLocale>,
): TypedAmount {
  const fixedSide = failure?.values.fixed_side === "receive" ? "receive" : "send";
  const text = failure?.values[fieldOf(fixedSide)];
  if (failure && text !== undefined) return { fixedSide, text };
  // Written as the computed field is (`0,001` beside `7 710,58`), not as the domain gives it.
  const amount = pair.defaultSendAmount;
  return {
    fixedSide: "send",
    text: formatAmountInput({ amount, decimals: pair.send.decimals, locale }),
  };
}
