import type { PaymentWatchKind } from "@obmen/db";
import type { PaymentTarget } from "./assign-payment-target.ts";

/** One transfer to an order's target as a source reports it (amounts in the send currency). */
export interface ObservedTransfer {
  txId: string;
  /** A positive decimal string. */
  amount: string;
  confirmations: number;
}

/** Where a source writes what it refused: a response not in the documented shape. */
export interface SourceLog {
  warn: (object: Record<string, unknown>, message: string) => void;
}

/**
 * A chain watcher (issue 28): given the targets it watches, what was paid to each, by order
 * id. It only reads; what the transfers mean for the order is `creditObservedTransfers`'s.
 * A source that cannot be read throws (the job retries with backoff); a response that is not
 * what its API documents is skipped and logged, never turned into a transfer.
 */
export interface PaymentSource {
  kind: PaymentWatchKind;
  observe(targets: PaymentTarget[]): Promise<Map<string, ObservedTransfer[]>>;
}

export class SourceUnavailableError extends Error {}

/** Sent with every request: a slow source must not hold a job forever. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * A GET (or POST) answered with JSON. A network failure or a 5xx/429 throws
 * `SourceUnavailableError` (retry later); any other non-JSON or non-2xx answer is `undefined`,
 * logged, so the caller skips it.
 */
export async function fetchJson(options: {
  url: string;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  body?: unknown;
  log: SourceLog;
}): Promise<unknown> {
  const text = await fetchText(options);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    options.log.warn({ url: redactUrl(options.url), body: text.slice(0, 200) }, "not JSON");
    return undefined;
  }
}

export async function fetchText(options: {
  url: string;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  body?: unknown;
  log: SourceLog;
}): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: options.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SourceUnavailableError(`${redactUrl(options.url)}: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (response.status >= 500 || response.status === 429) {
    throw new SourceUnavailableError(`${redactUrl(options.url)}: HTTP ${response.status}`);
  }
  if (!response.ok) {
    options.log.warn(
      { url: redactUrl(options.url), status: response.status, body: text.slice(0, 200) },
      "refused",
    );
    return undefined;
  }
  return text;
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  parsed.search = "";
  return parsed.href;
}
