import { type RateQuote, type RateSourceAdapter, RateSourceRejection } from "./rate-source.ts";

/** How long a source may take to answer before the fetch counts as failed. */
export const RATE_FETCH_TIMEOUT_MS = 10_000;

/**
 * One fetch of a source: `GET {baseUrl}{path}`, bounded by a timeout, decoded as the source
 * writes (CBR's windows-1251) and parsed by its adapter. Every failure (network, timeout,
 * HTTP status, unparseable or nonsensical answer) is a `RateSourceRejection` with the reason,
 * so the caller logs it and keeps the last good quotes.
 */
export async function fetchRateSource(options: {
  adapter: RateSourceAdapter;
  baseUrl: string;
  timeoutMs?: number;
}): Promise<RateQuote[]> {
  const { adapter } = options;
  const url = new URL(adapter.path.replace(/^\//, ""), withSlash(options.baseUrl));
  let body: string;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? RATE_FETCH_TIMEOUT_MS),
      headers: { accept: "application/json, application/xml, text/xml" },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new RateSourceRejection(`${adapter.id}: HTTP ${response.status}`);
    }
    body = new TextDecoder(adapter.encoding).decode(await response.arrayBuffer());
  } catch (error) {
    if (error instanceof RateSourceRejection) throw error;
    const reason =
      error instanceof Error && error.name === "TimeoutError" ? "timed out" : String(error);
    throw new RateSourceRejection(`${adapter.id}: fetch failed: ${reason}`);
  }
  return adapter.parse(body);
}

/** A base URL with a path (`http://127.0.0.1:3241/binance`) keeps it: the path is appended. */
function withSlash(baseUrl: string): string {
  return baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
}
