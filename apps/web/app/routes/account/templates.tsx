import { compareDecimals } from "@obmen/domain";
import { data, Form, useNavigation } from "react-router";
import { loadAccountData, runAccountAction } from "../../account/account-api.server.ts";
import { AccountNotice, FieldMessage, useFormResult } from "../../account/account-form-ui.tsx";
import { loadCurrencyOptions } from "../../account/currency-options.server.ts";
import { readForm, textField } from "../../account/read-form.server.ts";
import { currencyAmount, readableAmount } from "../../account/readable-amount.ts";
import { isUnavailable } from "../../account/unavailable.ts";
import { requireUser } from "../../account/visitor.server.ts";
import { parseAmountText } from "../../calculator/amount-text.ts";
import { getServerT } from "../../i18n/catalogs.server.ts";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { webContext } from "../../web-context.server.ts";
import type { Route } from "./+types/templates";

const RECORD_ID = /^[1-9]\d{0,9}$/;
const DIRECTION = /^([1-9]\d{0,9}):([1-9]\d{0,9})$/;

/**
 * `/account/templates` (spec §3, §5): a direction and the amount the calculator starts with
 * for it, instead of the pair's minimum.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { caller, locale } = await requireUser(context, request);
  const { api } = context.get(webContext);
  const [templates, options] = await Promise.all([
    loadAccountData(context, request, () => api.user.templates.list(caller)),
    loadCurrencyOptions(context, locale),
  ]);
  return { templates, directions: options.directions, currencies: options.amountCurrencies };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { caller, locale } = await requireUser(context, request);
  const t = getServerT(locale);
  const form = await readForm(request);
  const { api } = context.get(webContext);
  const intent = textField(form, "intent");
  const unavailable = t("Account.Unavailable");
  if (intent === "delete") {
    const id = textField(form, "id");
    if (!RECORD_ID.test(id)) throw data("Bad Request", { status: 400 });
    const result = await runAccountAction(
      context,
      request,
      intent,
      () => api.user.templates.delete(caller, Number(id)),
      unavailable,
    );
    return data(result, { status: result.ok ? 200 : 422 });
  }
  if (intent !== "create") throw data("Bad Request", { status: 400 });
  const direction = textField(form, "direction");
  const typedAmount = textField(form, "amount");
  const values = { direction, amount: typedAmount };
  const fields: Record<string, string> = {};
  const match = DIRECTION.exec(direction);
  if (!match) fields.direction = t("Account.Templates.DirectionRequired");
  const parsed = parseAmountText(typedAmount, locale);
  const amount = parsed !== null && compareDecimals(parsed, "0") > 0 ? parsed : null;
  if (amount === null) {
    fields.amount =
      typedAmount.trim() === ""
        ? t("Account.Templates.AmountRequired")
        : t("Account.Templates.AmountInvalid");
  }
  if (!match || amount === null) {
    return data({ intent, ok: false as const, fields, values }, { status: 422 });
  }
  const result = await runAccountAction(
    context,
    request,
    intent,
    () =>
      api.user.templates.create(caller, {
        from_currency_id: Number(match[1]),
        to_currency_id: Number(match[2]),
        amount,
      }),
    unavailable,
  );
  return data({ ...result, values }, { status: result.ok ? 200 : 422 });
}

export default function Templates({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { templates, directions, currencies } = loaderData;
  const busy = useNavigation().state === "submitting";
  const created = useFormResult(actionData, "create");
  const names = new Map(directions.map((direction) => [direction.value, direction.label]));
  const title = t("Account.Templates.Title");
  return (
    <>
      <title>{`${title} — ${t("Site.Name")}`}</title>
      <h2 className="account-card__title">{title}</h2>
      <p className="account-empty">{t("Account.Templates.Lead")}</p>
      <AccountNotice result={actionData} done={t("Account.Templates.Deleted")} intent="delete" />
      {isUnavailable(templates) ? (
        <p role="alert" className="account-notice account-notice--problem">
          {t("Account.Unavailable")}
        </p>
      ) : templates.length === 0 ? (
        <p className="account-empty">{t("Account.Templates.Empty")}</p>
      ) : (
        <ul className="account-list" aria-label={title}>
          {templates.map((template) => {
            const name =
              names.get(`${template.from_currency_id}:${template.to_currency_id}`) ??
              t("Account.Templates.UnknownDirection");
            // The amount is the send side's: written with its code, as the calculator shows it.
            const sendCurrency = currencies[template.from_currency_id];
            return (
              <li key={template.id} className="account-item">
                <div className="account-item__main">
                  <span className="account-item__title">{name}</span>
                  <span className="account-item__value">
                    {t("Account.Templates.AmountShown", {
                      amount: sendCurrency
                        ? currencyAmount(template.amount, sendCurrency.code, sendCurrency, locale)
                        : readableAmount(template.amount, locale),
                    })}
                  </span>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={template.id} />
                  <button
                    type="submit"
                    className="link-button"
                    aria-label={t("Account.DeleteNamed", { name })}
                  >
                    {t("Account.Delete")}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <section className="account-card" aria-labelledby="template-add">
        <h3 id="template-add" className="account-card__title">
          {t("Account.Templates.Add")}
        </h3>
        <AccountNotice
          result={actionData}
          done={t("Account.Templates.Saved")}
          intent="create"
          known={["direction", "amount"]}
        />
        <Form method="post" className="account-form" noValidate key={created.formKey}>
          <input type="hidden" name="intent" value="create" />
          <div className="field">
            <label htmlFor="template-direction" className="field__label">
              {t("Account.Templates.Direction")}
            </label>
            <select
              {...created.described("direction", "template-direction")}
              name="direction"
              className="field__input"
              defaultValue={created.value("direction")}
              required
            >
              <option value="">{t("Account.Templates.DirectionChoose")}</option>
              {directions.map((direction) => (
                <option key={direction.value} value={direction.value}>
                  {direction.label}
                </option>
              ))}
            </select>
            <FieldMessage
              id="template-direction"
              error={created.error("direction") ?? created.error("from_currency_id")}
            />
          </div>
          <div className="field">
            <label htmlFor="template-amount" className="field__label">
              {t("Account.Templates.Amount")}
            </label>
            <input
              {...created.described("amount", "template-amount")}
              name="amount"
              className="field__input"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={created.value("amount")}
              required
            />
            <p className="field__hint">{t("Account.Templates.AmountHint")}</p>
            <FieldMessage id="template-amount" error={created.error("amount")} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t("Account.Templates.Submit")}
          </button>
        </Form>
      </section>
    </>
  );
}
