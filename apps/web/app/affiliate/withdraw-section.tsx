import type { PartnerBalance, Withdrawal, WithdrawalCurrency } from "@obmen/contracts";
import { Form, useNavigation, useSubmit } from "react-router";
import {
  AccountNotice,
  FieldMessage,
  type FormAnswer,
  useFormResult,
} from "../account/account-form-ui.tsx";
import { readableAmount } from "../account/readable-amount.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { LocalTime } from "../order/local-time.tsx";
import { owesDebt } from "./balance-card.tsx";

/**
 * The payout request (spec §7 `ref_withdrawal/create`): the currency is chosen by a GET form
 * (`?payout=`), since each currency asks for its own details and the form must work without
 * JavaScript; the details are named `fields.<key>`, the path the API reports an error under.
 */
export function WithdrawForm(props: {
  currencies: readonly WithdrawalCurrency[];
  payoutId: number | null;
  programmeCurrency: string;
  /** The partner's balance, when it could be read: with a debt the form says what is left. */
  balance: PartnerBalance | null;
  answer: FormAnswer | undefined;
}) {
  const { t, locale } = useTranslation();
  const busy = useNavigation().state === "submitting";
  // With JavaScript a choice applies at once; without it, the form's button sends it.
  const submit = useSubmit();
  const result = useFormResult(props.answer, "withdraw");
  const chosen =
    props.currencies.find((currency) => currency.id === props.payoutId) ?? props.currencies[0];
  if (!chosen) {
    return <p className="account-empty">{t("Account.Affiliate.WithdrawUnavailable")}</p>;
  }
  return (
    <>
      <p className="account-empty">
        {t("Account.Affiliate.WithdrawLead", {
          min: readableAmount(chosen.min_amount, locale),
          currency: props.programmeCurrency,
        })}
      </p>
      {props.balance && owesDebt(props.balance) && (
        // With a debt, "available" alone reads as a fault: say what can be withdrawn and why.
        <p className="account-empty" data-testid="withdraw-debt">
          {t("Account.Affiliate.WithdrawDebt", {
            available: readableAmount(props.balance.available, locale),
            debt: readableAmount(props.balance.debt, locale),
            currency: props.programmeCurrency,
          })}
        </p>
      )}
      {props.currencies.length > 1 && (
        <Form
          method="get"
          className="affiliate-inline-form"
          preventScrollReset
          onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
        >
          <label htmlFor="payout-currency" className="field__label">
            {t("Account.Affiliate.WithdrawCurrency")}
          </label>
          <select
            id="payout-currency"
            name="payout"
            className="field__input"
            defaultValue={String(chosen.id)}
          >
            {props.currencies.map((currency) => (
              <option key={currency.id} value={currency.id}>
                {currency.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--secondary">
            {t("Account.Affiliate.ChartShow")}
          </button>
        </Form>
      )}
      <AccountNotice
        result={props.answer}
        intent="withdraw"
        done={t("Account.Affiliate.WithdrawRequested")}
        known={["amount", "currency_id", ...chosen.fields.map((field) => `fields.${field.key}`)]}
      />
      <Form
        method="post"
        className="account-form"
        noValidate
        key={result.formKey}
        preventScrollReset
      >
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="currency_id" value={chosen.id} />
        <p className="affiliate-subtitle">
          {t("Account.Affiliate.WithdrawFieldsHint", { currency: chosen.name })}
        </p>
        <div className="field">
          <label htmlFor="withdraw-amount" className="field__label">
            {t("Account.Affiliate.WithdrawAmount", { currency: props.programmeCurrency })}
          </label>
          <input
            {...result.described("amount", "withdraw-amount")}
            name="amount"
            className="field__input"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={result.value("amount")}
            placeholder={chosen.min_amount}
            required
          />
          <FieldMessage id="withdraw-amount" error={result.error("amount")} />
        </div>
        {chosen.fields.map((field) => {
          const name = `fields.${field.key}`;
          const id = `withdraw-${field.key}`;
          return (
            <div className="field" key={field.key}>
              <label htmlFor={id} className="field__label">
                {field.label}
                {field.required && <span aria-hidden="true"> *</span>}
              </label>
              <input
                {...result.described(name, id)}
                name={name}
                className="field__input"
                autoComplete="off"
                spellCheck={false}
                defaultValue={result.value(name)}
                required={field.required}
              />
              <FieldMessage id={id} error={result.error(name)} />
            </div>
          );
        })}
        <button type="submit" className="button" disabled={busy}>
          {t("Account.Affiliate.WithdrawSubmit")}
        </button>
      </Form>
    </>
  );
}

const STATUS_KEYS = {
  requested: "Account.Affiliate.Requested",
  paid: "Account.Affiliate.PaidStatus",
  rejected: "Account.Affiliate.Rejected",
} as const;

/** The partner's withdrawals, newest first (spec §7 `ref_withdrawal/list`). */
export function WithdrawalHistory({ items }: { items: readonly Withdrawal[] }) {
  const { t, locale } = useTranslation();
  if (items.length === 0) {
    return <p className="account-empty">{t("Account.Affiliate.HistoryEmpty")}</p>;
  }
  return (
    <ul className="account-list" aria-label={t("Account.Affiliate.HistoryTitle")}>
      {items.map((item) => (
        <li key={item.id} className="account-item">
          <div className="account-item__main">
            <span className="account-item__title">
              {readableAmount(item.amount, locale)} {item.currency} → {item.payout_currency.name}
            </span>
            <span className="account-item__meta">
              <LocalTime iso={item.created_at} />
            </span>
            {item.reference && (
              <span className="account-item__meta">
                {t("Account.Affiliate.Reference", { reference: item.reference })}
              </span>
            )}
            {item.reason && (
              <span className="account-item__meta">
                {t("Account.Affiliate.Reason", { reason: item.reason })}
              </span>
            )}
          </div>
          <span className={`affiliate-status affiliate-status--${item.status}`}>
            {t(STATUS_KEYS[item.status])}
          </span>
        </li>
      ))}
    </ul>
  );
}
