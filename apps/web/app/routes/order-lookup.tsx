import { Form, redirect } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname, localizePath } from "../i18n/locale.ts";
import { isOrderId } from "../order/order-id.ts";
import type { Route } from "./+types/order-lookup";
import "../calculator/calculator.css";
import "../order/order.css";

/** `/order?id=…` (a plain GET form, so it works without JavaScript) goes to the order's page. */
export function loader({ url }: Route.LoaderArgs) {
  const id = url.searchParams.get("id")?.trim();
  if (id === undefined) return { id: "", invalid: false };
  if (isOrderId(id)) {
    throw redirect(localizePath(localeFromPathname(url.pathname), `/order/${id.toLowerCase()}`));
  }
  return { id, invalid: true };
}

export default function OrderLookup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id, invalid } = loaderData;
  return (
    <section className="order order--lookup" aria-labelledby="lookup-title">
      <title>{t("Order.Lookup.MetaTitle")}</title>
      <h1 id="lookup-title">{t("Order.Lookup.Title")}</h1>
      <p className="order__hint">{t("Order.Lookup.Lead")}</p>
      <Form method="get" className="order__card lookup">
        <div className="field">
          <label htmlFor="order-id" className="field__label">
            {t("Order.Lookup.Label")}
          </label>
          <input
            id="order-id"
            name="id"
            className="field__input lookup__input"
            defaultValue={id}
            autoComplete="off"
            spellCheck={false}
            required
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? "order-id-error" : undefined}
          />
          {invalid && (
            <p id="order-id-error" className="field__error">
              {t("Order.Lookup.Invalid")}
            </p>
          )}
        </div>
        <button type="submit" className="button">
          {t("Order.Lookup.Submit")}
        </button>
      </Form>
    </section>
  );
}
