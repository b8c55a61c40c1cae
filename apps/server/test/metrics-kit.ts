import { randomUUID } from "node:crypto";
import type { CurrencyPairEntry } from "@obmen/contracts";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { expect } from "vitest";
import { createForm, findPair } from "../../api/test/support/orders.ts";
import { parseConfig } from "../src/config.ts";

export const APP_URL = "http://metrics.test";
export const CLIENT = { publicKey: "pk_metrics_test_0001", secret: "m".repeat(40) };
export const ADMIN = { email: "admin@obmen.example", password: "violet-harbour-71" };

/**
 * The real server's configuration with metrics on any free port. Mail goes to an SMTP server
 * that refuses connections, so an order's letter waits in the outbox as it would while a
 * mail server is down.
 */
export function metricsConfig(env: Record<string, string>) {
  return {
    ...parseConfig({
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      CAPTCHA_PROVIDER: "none",
      SEED_DEMO: "true",
      APP_URL,
      API_PUBLIC_KEY: CLIENT.publicKey,
      API_SECRET: CLIENT.secret,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: "smtp://127.0.0.1:9",
      METRICS_PORT: "0",
      ...env,
    }),
    PORT: 0,
  };
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

export async function signedCall(
  baseUrl: string,
  path: string,
  payload: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, any> }> {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    ...CLIENT,
    ip: "203.0.113.40",
    lang: "en",
  });
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
    body: JSON.stringify(envelope),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

export async function consoleCall(
  baseUrl: string,
  method: "GET" | "POST",
  path: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(method === "POST" ? { origin: APP_URL, "content-type": "application/json" } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(";")[0];
  return { status: response.status, body: (await response.json()) as Record<string, any>, cookie };
}

export async function demoPair(baseUrl: string): Promise<CurrencyPairEntry> {
  const list = await signedCall(baseUrl, "/rest/currency_pair/list", {});
  expect(list.status).toBe(200);
  return findPair(list.body.data as CurrencyPairEntry[], "USDTTRC20", "SBERRUB");
}

export function orderForm(pair: CurrencyPairEntry, overrides: Record<string, unknown> = {}) {
  return createForm(pair, { send_amount: "100", idempotency_key: randomUUID(), ...overrides });
}
