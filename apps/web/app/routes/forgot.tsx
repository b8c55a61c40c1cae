import { Form } from "react-router";
import { InfoArticle, InfoLayout } from "../content/info-page.tsx";
import { loadInfoPage } from "../content/load-info-page.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/forgot";
import "../content/content.css";
import "../calculator/calculator.css";

/**
 * `/forgot` (spec §2, "content not shown"): the operator's "forgot" text, and since an order
 * needs no account, a direct way back to one by its number (the `/order?id=` lookup).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { api } = context.get(webContext);
  return { page: await loadInfoPage({ api, url, slug: "forgot" }) };
}

export default function Forgot({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <InfoLayout>
      <InfoArticle page={loaderData.page}>
        <section className="content-card" aria-labelledby="forgot-lookup">
          <h2 id="forgot-lookup" className="content-card__title">
            {t("Forgot.LookupTitle")}
          </h2>
          <p className="content-card__text">{t("Forgot.LookupLead")}</p>
          <Form method="get" action={href("/order")} className="inline-form">
            <div className="field inline-form__field">
              <label htmlFor="forgot-order-id" className="field__label">
                {t("Forgot.Label")}
              </label>
              <input
                id="forgot-order-id"
                name="id"
                className="field__input inline-form__mono"
                autoComplete="off"
                spellCheck={false}
                required
              />
            </div>
            <button type="submit" className="button inline-form__button">
              {t("Forgot.Submit")}
            </button>
          </Form>
        </section>
      </InfoArticle>
    </InfoLayout>
  );
}
