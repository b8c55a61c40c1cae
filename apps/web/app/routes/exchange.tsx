import type { PairRatePoint } from "@obmen/contracts";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { readForm } from "../account/read-form.server.ts";
import { loadSavedForPair } from "../account/saved-for-pair.server.ts";
import type { SavedWallet } from "../account/saved-wallet.ts";
import { isSecureRequest } from "../account/session-cookie.server.ts";
import { effectiveRid, RID_TAB_FIELD } from "../affiliate/rid-cookies.ts";
import { Calculator } from "../calculator/calculator.tsx";
import { createOrder } from "../calculator/create-order.server.ts";
import { NotOpenPage } from "../calculator/not-open-notice.tsx";
import { exchangeRedirect, selectPath } from "../calculator/pair-paths.ts";
import { RateSparkline } from "../calculator/rate-sparkline.tsx";
import {
  type CalculatorPair,
  findPairByCodes,
  toCalculatorPair,
} from "../calculator/to-calculator-pair.ts";
import { loadPairEntries } from "../catalogue/load-pair-entries.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname, localizePath } from "../i18n/locale.ts";
import { useLocalizedHref } from "../i18n/use-locale.ts";
import { creatorKeyCookie } from "../order/creator-keys.server.ts";
import { useRevalidateEvery } from "../routing/use-revalidate-every.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/exchange";
import "../calculator/calculator.css";

/** How often an open page refreshes the rate, reserve and limits. */
const RATE_REFRESH_MS = 30_000;

export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  // Shared with the site layout's list in the same request: one API call, not two.
  const entries = await loadPairEntries(context, locale);
  // No pair at all (a new site): no such page yet, but the visitor learns why (NotOpenPage).
  if (entries.length === 0) {
    return data({ pair: null, savedWallets: [], rateHistory: [] }, { status: 404 });
  }
  const entry = findPairByCodes(entries, params.from, params.to);
  if (!entry) throw data(`Page Not Found: ${url.pathname}`, { status: 404 });
  const { send_currency: send, receive_currency: receive } = entry.currency_pair;
  // One address per page: `/exchange/usdttrc20/sberrub` and `/exchange/BTC/SBERRUB/x` move.
  const moved = exchangeRedirect(params, { send: send.url_xml, receive: receive.url_xml });
  if (moved !== null) throw redirect(`${localizePath(locale, moved)}${url.search}`, 301);
  // A signed-in user's template amount and saved wallets for this direction (issue 13).
  const [saved, rateHistory] = await Promise.all([
    loadSavedForPair({
      context,
      request,
      locale,
      sendCurrencyId: send.id,
      receiveCurrencyId: receive.id,
    }),
    loadRateHistory(context, locale, entry.id),
  ]);
  const pair = toCalculatorPair(entry);
  if (saved.templateAmount !== null) pair.defaultSendAmount = saved.templateAmount;
  return { pair, savedWallets: saved.wallets, rateHistory };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const locale = localeFromPathname(url.pathname);
  const { api, clientIp, log } = context.get(webContext);
  const result = await createOrder({
    api,
    log,
    caller: { ip: clientIp, lang: locale },
    formData: withReferral(await readForm(request), request.headers.get("cookie")),
    locale,
  });
  if ("orderId" in result) {
    // This browser created the order: it may move it without typing the e-mail (decision 052).
    const cookie = creatorKeyCookie({
      cookieHeader: request.headers.get("cookie"),
      orderId: result.orderId,
      creatorKey: result.creatorKey,
      secure: isSecureRequest(url),
    });
    throw redirect(localizePath(locale, `/order/${result.orderId}`), {
      headers: { "Set-Cookie": cookie },
    });
  }
  return data(result, { status: result.rateChanged ? 409 : 422 });
}

/**
 * The calculator form's optional `rid` (issue 18): the partner who brought the visitor, from the
 * referral cookies and the tab's session-storage mark (affiliate/rid-cookies.ts), never from
 * what the page posted, so a form cannot claim another partner.
 */
function withReferral(formData: FormData, cookieHeader: string | null): FormData {
  const tabMarked = formData.get(RID_TAB_FIELD) === "1";
  formData.delete(RID_TAB_FIELD);
  formData.delete("rid");
  const rid = effectiveRid(cookieHeader, tabMarked);
  if (rid !== null) formData.set("rid", rid);
  return formData;
}

/** The sparkline's points (issue 27); the page never fails for want of them. */
async function loadRateHistory(
  context: Route.LoaderArgs["context"],
  locale: ReturnType<typeof localeFromPathname>,
  pairId: number,
): Promise<PairRatePoint[]> {
  const { api, clientIp, log } = context.get(webContext);
  try {
    return (await api.currencyPairs.rateHistory({ ip: clientIp, lang: locale }, pairId)).points;
  } catch (error) {
    log.warn({ err: error }, "rate history unavailable: the page goes without its sparkline");
    return [];
  }
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
  const { pair, savedWallets, rateHistory } = loaderData;
  if (pair === null) return <NotOpenPage />;
  return (
    <ExchangePage
      pair={pair}
      failure={actionData}
      savedWallets={savedWallets}
      rateHistory={rateHistory}
    />
  );
}

function ExchangePage({
  pair,
  failure,
  savedWallets,
  rateHistory,
}: {
  pair: CalculatorPair;
  failure: Route.ComponentProps["actionData"];
  savedWallets: SavedWallet[];
  rateHistory: PairRatePoint[];
}) {
  const { t, locale } = useTranslation();
  const href = useLocalizedHref();
  useRevalidateEvery(RATE_REFRESH_MS);
  const names = {
    send: `${pair.send.name} ${pair.send.code}`,
    receive: `${pair.receive.name} ${pair.receive.code}`,
  };
  return (
    <>
      <title>{t("Calculator.MetaTitle", names)}</title>
      <meta name="description" content={t("Calculator.MetaDescription", names)} />
      <section className="exchange" aria-labelledby="exchange-title">
        <h1 id="exchange-title" className="exchange__title">
          {t("Calculator.Title", names)}
        </h1>
        {/* Back to the select view (spec §4), with the send currency still chosen. */}
        <Link to={href(selectPath(pair.send.urlXml))} className="exchange__change">
          {t("Calculator.ChangePair")}
        </Link>
        <RateSparkline
          points={rateHistory}
          sendCode={pair.send.code}
          receiveCode={pair.receive.code}
          locale={locale}
        />
        <Calculator pair={pair} failure={failure} savedWallets={savedWallets} />
      </section>
    </>
  );
}
