import { data, Form, redirect } from "react-router";
import { visitorCaller } from "../account/visitor.server.ts";
import { isApiCallError } from "../api-call-error.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname, localizePath } from "../i18n/locale.ts";
import { readOrderNumber } from "../order/read-order-number.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/order-lookup";
import "../calculator/calculator.css";
import "../order/order.css";

type Problem = "invalid" | "not_found";

/**
 * `/order?id=…` (a plain GET form, so it works without JavaScript): a number or a pasted link
 * to an order goes to the order's page in the visitor's language; anything else, or an order
 * that does not exist, is answered here, next to the form.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const input = url.searchParams.get("id")?.trim();
  if (input === undefined) return answer("", null);
  const orderId = readOrderNumber(input);
  if (orderId === null) return answer(input, "invalid");
  const locale = localeFromPathname(url.pathname);
  const { api } = context.get(webContext);
  try {
    await api.orders.info(visitorCaller(context, request, locale), orderId);
  } catch (error) {
    if (isApiCallError(error) && error.status === 404) {
      return data(answer(input, "not_found"), { status: 404 });
    }
    throw error;
  }
  throw redirect(localizePath(locale, `/order/${orderId}`));
}

function answer(id: string, problem: Problem | null) {
  return { id, problem };
}

const MESSAGES = {
  invalid: "Order.Lookup.Invalid",
  not_found: "Order.Lookup.NotFound",
} as const satisfies Record<Problem, string>;

export default function OrderLookup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { id, problem } = loaderData;
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
            // A new answer (another number) must show what was asked, not the first value.
            key={id}
            autoComplete="off"
            spellCheck={false}
            required
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem ? "order-id-error" : undefined}
          />
          {problem && (
            <p id="order-id-error" className="field__error" role="alert">
              {t(MESSAGES[problem])}
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
