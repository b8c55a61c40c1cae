import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { PairList } from "../catalogue/pair-list.tsx";
import { type PairRow, toPairRows } from "../catalogue/to-pair-rows.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/home";
import "./home.css";

export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  const { api, clientIp } = context.get(webContext);
  try {
    const entries = await api.currencyPairs.list({ ip: clientIp, lang: locale });
    return { pairs: toPairRows(entries, locale) };
  } catch (error) {
    // Spec §8: a failed pair list never breaks the page. The SDK has already retried.
    console.warn(`home: currency pair list failed: ${(error as Error).message}`);
    return { pairs: null as PairRow[] | null };
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useRetryWhile(loaderData.pairs === null);
  return (
    <>
      <title>{t("Home.MetaTitle")}</title>
      <meta name="description" content={t("Home.MetaDescription")} />
      <section className="hero">
        <h1 className="hero__title">{t("Home.Title")}</h1>
        <p className="hero__lead">{t("Home.Lead")}</p>
      </section>
      <PairList pairs={loaderData.pairs} />
    </>
  );
}

const RETRY_DELAYS_MS = [5_000, 15_000, 45_000];

/** DESIGN.md: a page that rendered without the currency list retries, a few times, spaced out. */
function useRetryWhile(failed: boolean) {
  const revalidator = useRevalidator();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const delay = RETRY_DELAYS_MS[attempt];
    if (!failed || delay === undefined) return;
    const timer = setTimeout(() => {
      setAttempt(attempt + 1);
      void revalidator.revalidate();
    }, delay);
    return () => clearTimeout(timer);
  }, [failed, attempt, revalidator]);
}
