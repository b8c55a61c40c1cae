import { data, redirect } from "react-router";
import { NotOpenPage } from "../calculator/not-open-notice.tsx";
import { resolveShortcut } from "../calculator/pair-paths.ts";
import { cachedPairCatalogue } from "../catalogue/cached-pair-catalogue.server.ts";
import type { PairCatalogue } from "../catalogue/pair-catalogue.ts";
import { usePairCatalogue } from "../catalogue/use-pair-catalogue.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { localeFromPathname, localizePath } from "../i18n/locale.ts";
import { webContext } from "../web-context.server.ts";
import type { Route } from "./+types/pair-shortcut";
import "./home.css";

/**
 * `/{from}/{to?}` (spec §2) and the `/exchange{suffix}` sitemap links: `/BTC` is the select
 * view with Bitcoin chosen (its heading here; the lists in select-layout.tsx, which reads `send`
 * and `notOpen` from this loader); every other form moves (301) to its one address, keeping
 * the query; anything else is a 404 (see `resolveShortcut`).
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const locale = localeFromPathname(url.pathname);
  const notFound = () => data(`Page Not Found: ${url.pathname}`, { status: 404 });
  let catalogue: PairCatalogue;
  try {
    // The same list the select view shows (the site layout's), so the check and the page agree.
    ({ catalogue } = await cachedPairCatalogue(context, locale));
  } catch (error) {
    // Spec §8: the page still renders (the select view says the list is unavailable and the
    // layout retries). 503, because whether the code exists cannot be told right now.
    context.get(webContext).log.warn({ err: error }, "pair shortcut: currency pair list failed");
    return data({ send: params.from, notOpen: false }, { status: 503 });
  }
  // No pair at all (a new site): the address names nothing yet, and the page says why.
  if (catalogue.pairs.length === 0) return data({ send: null, notOpen: true }, { status: 404 });
  const outcome = resolveShortcut(catalogue, params.from, params.to);
  if (outcome.type === "not-found") throw notFound();
  if (outcome.type === "redirect") {
    throw redirect(`${localizePath(locale, outcome.path)}${url.search}`, 301);
  }
  return { send: outcome.send, notOpen: false };
}

export default function PairShortcut({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const catalogue = usePairCatalogue();
  if (loaderData.notOpen || loaderData.send === null) return <NotOpenPage />;
  const currency = catalogue?.currencies.find((c) => c.code === loaderData.send);
  const names = { name: currency ? `${currency.name} ${currency.ticker}` : loaderData.send };
  return (
    <>
      <title>{t("Home.SelectedMetaTitle", names)}</title>
      <meta name="description" content={t("Home.SelectedMetaDescription", names)} />
      <section className="hero">
        <h1 className="hero__title">{t("Home.SelectedTitle", names)}</h1>
        <p className="hero__lead">{t("Home.SelectedLead")}</p>
      </section>
    </>
  );
}
