import { useEffect } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs, useRevalidator } from "react-router";
import { Calculator } from "../exchange/calculator.tsx";
import { createOrder } from "../exchange/create-order.server.ts";
import { findPairByCodes, toCalculatorPair } from "../exchange/to-calculator-pair.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname, localizePath } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/exchange";
import "../exchange/exchange.css";

/** How often an open page refreshes the rate, reserve and limits. */
const RATE_REFRESH_MS = 30_000;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  const { api, clientIp } = context.get(webContext);
  const entries = await api.currencyPairs.list({ ip: clientIp, lang: locale });
  const entry = findPairByCodes(entries, params.from, params.to);
  if (!entry) throw data(`Page Not Found: ${url.pathname}`, { status: 404 });
  const { send_currency: send, receive_currency: receive } = entry.currency_pair;
  // One address per page: `/exchange/usdttrc20/sberrub` moves to the codes' own spelling.
  if (params.from !== send.url_xml || params.to !== receive.url_xml) {
    const path = localizePath(locale, `/exchange/${send.url_xml}/${receive.url_xml}`);
    throw redirect(`${path}${url.search}`, 301);
  }
  return { pair: toCalculatorPair(entry) };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const locale = localeFromPathname(url.pathname);
  const { api, clientIp } = context.get(webContext);
  const result = await createOrder({
    api,
    caller: { ip: clientIp, lang: locale },
    formData: await request.formData(),
    locale,
  });
  if ("orderId" in result) throw redirect(localizePath(locale, `/order/${result.orderId}`));
  return data(result, { status: result.rateChanged ? 409 : 422 });
}

/** A refused create leaves the page as it is, except a changed rate: then reload the pair. */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (actionResult?.rateChanged) return true;
  return defaultShouldRevalidate;
}

export default function Exchange({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pair } = loaderData;
  useRefreshEvery(RATE_REFRESH_MS);
  const names = {
    send: `${pair.send.name} ${pair.send.code}`,
    receive: `${pair.receive.name} ${pair.receive.code}`,
  };
  return (
    <>
      <title>{t("Exchange.MetaTitle", names)}</title>
      <meta name="description" content={t("Exchange.MetaDescription", names)} />
      <section className="exchange" aria-labelledby="exchange-title">
        <h1 id="exchange-title" className="exchange__title">
          {t("Exchange.Title", names)}
        </h1>
        <Calculator pair={pair} failure={actionData} />
      </section>
    </>
  );
}

/** Keeps the rate fresh while the page is open and visible (a hidden tab asks nothing). */
function useRefreshEvery(intervalMs: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") {
        void revalidator.revalidate();
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, revalidator]);
}
