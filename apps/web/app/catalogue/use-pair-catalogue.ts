import { useEffect, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { useLocale } from "../i18n/use-locale.ts";
import type { PairCatalogue } from "./pair-catalogue.ts";

/**
 * The pair list the site layout loaded on start; null when that failed. Every locale has its
 * own layout route (`ru/site-layout`, `en/…`, `uk/…`, see routes.ts).
 */
export function usePairCatalogue(): PairCatalogue | null {
  const data = useRouteLoaderData<{ catalogueJson: string | null }>(`${useLocale()}/site-layout`);
  return parseOnce(data?.catalogueJson ?? null);
}

// The layout sends the catalogue as JSON text (cached-pair-catalogue.server.ts). Components on
// one page, and on the server every request within the cache's second, get the same text:
// parse it once. A few entries cover the three locales; the map never grows past that.
const parsed = new Map<string, PairCatalogue>();
const MAX_PARSED = 6;

function parseOnce(json: string | null): PairCatalogue | null {
  if (json === null) return null;
  let catalogue = parsed.get(json);
  if (!catalogue) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    catalogue = JSON.parse(json) as PairCatalogue;
    parsed.set(json, catalogue);
  }
  return catalogue;
}

const RETRY_DELAYS_MS = [5_000, 15_000, 45_000];

/** DESIGN.md: a page that rendered without the currency list retries, a few times, spaced out. */
export function usePairListRetry(failed: boolean) {
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
