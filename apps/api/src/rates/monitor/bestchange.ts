import type { MonitorOffer } from "@obmen/domain";
import { parseJson } from "../sources/binance.ts";
import { checkedPrice, RateSourceRejection, type Row } from "../sources/rate-source.ts";

/**
 * BestChange API v2 (issue 27 point 5, decision 057): `GET {base}/v2/{key}/rates/{from}-{to}`
 * answers `{"rates": {"<from>-<to>": [{changer, rate, rankrate, reserve, inmin, inmax,
 * marks}]}}`, one offer per exchanger in the direction, `from`/`to` being BestChange's own
 * currency ids. Numbers are read as written (quoted before `JSON.parse`), never as floats.
 * An offer's `rate` is taken in the pair's own rate unit (the side that is not 1), as the
 * monitor lists it; a direction with no offers is an empty list, not an error.
 */
export function parseBestChangeRates(body: string): MonitorOffer[] {
  const quoted = body.replace(
    /"(rate|rankrate|reserve|inmin|inmax)"\s*:\s*(-?[\d.eE+-]+)/g,
    '"$1":"$2"',
  );
  const answer: Row = parseJson(quoted);
  const directions = answer?.rates;
  if (directions === null || typeof directions !== "object" || Array.isArray(directions)) {
    throw new RateSourceRejection("bestchange: no rates object");
  }
  const offers: MonitorOffer[] = [];
  for (const rows of Object.values(directions) as Row[]) {
    if (!Array.isArray(rows))
      throw new RateSourceRejection("bestchange: a direction is not a list");
    for (const row of rows) {
      if (!Number.isInteger(row?.changer))
        throw new RateSourceRejection("bestchange: offer without changer");
      offers.push({
        changer: row.changer,
        rate: checkedPrice(row.rate, `changer ${row.changer} rate`),
      });
    }
  }
  return offers;
}

/** One direction's offers from the monitor; a failure is a `RateSourceRejection` with why. */
export async function fetchBestChangeRates(options: {
  baseUrl: string;
  apiKey: string;
  from: number;
  to: number;
  timeoutMs?: number;
}): Promise<MonitorOffer[]> {
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  const url = new URL(
    `v2/${encodeURIComponent(options.apiKey)}/rates/${options.from}-${options.to}`,
    base,
  );
  let body: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    if (!response.ok) {
      await response.body?.cancel();
      throw new RateSourceRejection(`bestchange: HTTP ${response.status}`);
    }
    body = await response.text();
  } catch (error) {
    if (error instanceof RateSourceRejection) throw error;
    throw new RateSourceRejection(`bestchange: fetch failed: ${String(error)}`);
  }
  return parseBestChangeRates(body);
}
