import { data, Form, useNavigation } from "react-router";
import { loadAccountData, runAccountAction } from "../../account/account-api.server.ts";
import { AccountNotice, FieldMessage, useFormResult } from "../../account/account-form-ui.tsx";
import { loadCurrencyOptions } from "../../account/currency-options.server.ts";
import { readForm, textField } from "../../account/read-form.server.ts";
import { isUnavailable } from "../../account/unavailable.ts";
import { requireUser } from "../../account/visitor.server.ts";
import { getServerT } from "../../i18n/catalogs.server.ts";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { webContext } from "../../web-context.server.ts";
import type { Route } from "./+types/wallets";

const RECORD_ID = /^[1-9]\d{0,9}$/;

/** `/account/wallets`: saved payout details the calculator offers for its fields (issue 13). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { caller, locale } = await requireUser(context, request);
  const { api } = context.get(webContext);
  const [wallets, options] = await Promise.all([
    loadAccountData(context, request, () => api.user.wallets.list(caller)),
    loadCurrencyOptions(context, locale),
  ]);
  return { wallets, currencies: options.receive };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { caller, locale } = await requireUser(context, request);
  const t = getServerT(locale);
  const form = await readForm(request);
  const { api } = context.get(webContext);
  const intent = textField(form, "intent");
  if (intent === "delete") {
    const id = textField(form, "id");
    if (!RECORD_ID.test(id)) throw data("Bad Request", { status: 400 });
    const result = await runAccountAction(
      context,
      request,
      intent,
      () => api.user.wallets.delete(caller, Number(id)),
      t("Account.Unavailable"),
    );
    return data(result, { status: result.ok ? 200 : 422 });
  }
  if (intent !== "create") throw data("Bad Request", { status: 400 });
  const currencyId = textField(form, "currency_id");
  const value = textField(form, "value").trim();
  const label = textField(form, "label").trim();
  const fields: Record<string, string> = {};
  if (!RECORD_ID.test(currencyId)) fields.currency_id = t("Account.Wallets.CurrencyRequired");
  if (value.length === 0) fields.value = t("Account.Wallets.ValueRequired");
  if (label.length > 100) fields.label = t("Account.Wallets.LabelTooLong");
  const values = { currency_id: currencyId, value, label };
  if (Object.keys(fields).length > 0) {
    return data({ intent, ok: false as const, fields, values }, { status: 422 });
  }
  const result = await runAccountAction(
    context,
    request,
    intent,
    () =>
      api.user.wallets.create(caller, {
        currency_id: Number(currencyId),
        value,
        ...(label ? { label } : {}),
      }),
    t("Account.Unavailable"),
  );
  return data({ ...result, values }, { status: result.ok ? 200 : 422 });
}

export default function Wallets({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { wallets, currencies } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const created = useFormResult(actionData, "create");
  const names = new Map(currencies.map((currency) => [currency.id, currency.label]));
  const title = t("Account.Wallets.Title");
  return (
    <>
      <title>{`${title} — ${t("Site.Name")}`}</title>
      <h2 className="account-card__title">{title}</h2>
      <p className="account-empty">{t("Account.Wallets.Lead")}</p>
      <AccountNotice result={actionData} done={t("Account.Wallets.Deleted")} intent="delete" />
      {isUnavailable(wallets) ? (
        <p role="alert" className="account-notice account-notice--problem">
          {t("Account.Unavailable")}
        </p>
      ) : wallets.length === 0 ? (
        <p className="account-empty">{t("Account.Wallets.Empty")}</p>
      ) : (
        <ul className="account-list" aria-label={title}>
          {wallets.map((wallet) => (
            <li key={wallet.id} className="account-item">
              <div className="account-item__main">
                <span className="account-item__title">
                  {wallet.label || names.get(wallet.currency_id) || `#${wallet.currency_id}`}
                </span>
                <span className="account-item__value">{wallet.value}</span>
                {wallet.label && (
                  <span className="account-item__meta">{names.get(wallet.currency_id)}</span>
                )}
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={wallet.id} />
                <button
                  type="submit"
                  className="link-button"
                  aria-label={t("Account.DeleteNamed", { name: wallet.value })}
                >
                  {t("Account.Delete")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <section className="account-card" aria-labelledby="wallet-add">
        <h3 id="wallet-add" className="account-card__title">
          {t("Account.Wallets.Add")}
        </h3>
        <AccountNotice
          result={actionData}
          done={t("Account.Wallets.Saved")}
          intent="create"
          known={["currency_id", "value", "label"]}
        />
        <Form method="post" className="account-form" noValidate key={created.formKey}>
          <input type="hidden" name="intent" value="create" />
          <div className="field">
            <label htmlFor="wallet-currency" className="field__label">
              {t("Account.Wallets.Currency")}
            </label>
            <select
              {...created.described("currency_id", "wallet-currency")}
              name="currency_id"
              className="field__input"
              defaultValue={created.value("currency_id")}
              required
            >
              <option value="">{t("Account.Wallets.CurrencyChoose")}</option>
              {currencies.map((currency) => (
                <option key={currency.id} value={currency.id}>
                  {currency.label}
                </option>
              ))}
            </select>
            <FieldMessage id="wallet-currency" error={created.error("currency_id")} />
          </div>
          <div className="field">
            <label htmlFor="wallet-value" className="field__label">
              {t("Account.Wallets.Value")}
            </label>
            <input
              {...created.described("value", "wallet-value")}
              name="value"
              className="field__input"
              defaultValue={created.value("value")}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <FieldMessage id="wallet-value" error={created.error("value")} />
          </div>
          <div className="field">
            <label htmlFor="wallet-label" className="field__label">
              {t("Account.Wallets.Label")}
            </label>
            <input
              {...created.described("label", "wallet-label")}
              name="label"
              className="field__input"
              defaultValue={created.value("label")}
              maxLength={100}
              placeholder={t("Account.Wallets.LabelPlaceholder")}
            />
            <FieldMessage id="wallet-label" error={created.error("label")} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t("Account.Wallets.Submit")}
          </button>
        </Form>
      </section>
    </>
  );
}
