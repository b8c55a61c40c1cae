import { randomUUID } from "node:crypto";
import type { CurrencyPairEntry } from "@obmen/contracts";
import { expect } from "vitest";
import { createForm, findPair } from "../../api/test/support/orders.ts";
import { serverConfig, signedCall as signedCallAs } from "./support/console-servers.ts";

export { ADMIN, consoleCall } from "./support/console-servers.ts";

export const CLIENT = { publicKey: "pk_metrics_test_0001", secret: "m".repeat(40) };

/**
 * The real server's configuration with metrics on any free port. Mail goes to an SMTP server
 * that refuses connections, so an order's letter waits in the outbox as it would while a
 * mail server is down.
 */
export function metricsConfig(env: Record<string, string>) {
  return serverConfig(CLIENT, { SMTP_URL: "smtp://127.0.0.1:9", METRICS_PORT: "0", ...env });
}

export type Samples = Map<string, number>;

/** One scrape, parsed: `name{labels}` as printed → value, and the names `# TYPE` declares. */
export async function scrape(metricsUrl: string) {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const samples: Samples = new Map();
  const declared = new Set<string>();
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) declared.add(type[1]!);
    if (line === "" || line.startsWith("#")) continue;
    const cut = line.lastIndexOf(" ");
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return { text, samples, declared };
}

export function sample(samples: Samples, key: string): number {
  const value = samples.get(key);
  if (value === undefined) throw new Error(`no sample ${key}`);
  return value;
}

export function signedCall(
  baseUrl: string,
  path: string,
  payload: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, any> }> {
  return signedCallAs(baseUrl, CLIENT, path, payload, { ip: "203.0.113.40" });
}

export async function demoPair(baseUrl: string): Promise<CurrencyPairEntry> {
  const list = await signedCall(baseUrl, "/rest/currency_pair/list", {});
  expect(list.status).toBe(200);
  return findPair(list.body.data as CurrencyPairEntry[], "USDTTRC20", "SBERRUB");
}

export function orderForm(pair: CurrencyPairEntry, overrides: Record<string, unknown> = {}) {
  return createForm(pair, { send_amount: "100", idempotency_key: randomUUID(), ...overrides });
}
