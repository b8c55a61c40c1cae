import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { parseConfig } from "../../src/config.ts";
import { type RunningServer, startServer } from "../../src/start-server.ts";

// The real server started in the test's own process (API tier only), signed in to through the
// console and called as a partner over real HTTP: for the replica and metrics tests.

/** The site's address: the console's calls come from its origin. */
export const APP_URL = "http://console.test";
/** The first admin, created from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const ADMIN = { email: "admin@obmen.example", password: "violet-harbour-71" };

/** A partner's keys, registered by the server from API_PUBLIC_KEY and API_SECRET. */
export interface PartnerKeys {
  publicKey: string;
  secret: string;
}

/**
 * The real server's configuration on a free port, quiet, with the demo catalogue, the first
 * admin and the partner `client`; `env` adds to it or overrides it.
 */
export function serverConfig(client: PartnerKeys, env: Record<string, string> = {}) {
  return {
    ...parseConfig({
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      CAPTCHA_PROVIDER: "none",
      SEED_DEMO: "true",
      APP_URL,
      API_PUBLIC_KEY: client.publicKey,
      API_SECRET: client.secret,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    }),
    PORT: 0,
  };
}

/**
 * `count` replicas (default two) of the real server on the PostgreSQL at `databaseUrl`, started
 * one after the other: the first migrates and seeds, the others find it done.
 */
export async function startReplicas(
  databaseUrl: string,
  client: PartnerKeys,
  count = 2,
): Promise<RunningServer[]> {
  const config = serverConfig(client, { DATABASE_URL: databaseUrl });
  const servers: RunningServer[] = [];
  try {
    for (let index = 0; index < count; index++) {
      servers.push(await startServer(config, { web: false }));
    }
  } catch (error) {
    for (const server of servers) await server.close();
    throw error;
  }
  return servers;
}

/** A console call to the server at `baseUrl` in English, with the session `cookie`. */
export async function consoleCall(
  baseUrl: string,
  method: "GET" | "POST" | "PATCH",
  path: string,
  options: { body?: unknown; cookie?: string } = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      origin: APP_URL,
      "accept-language": "en",
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, any>,
    cookie: response.headers.getSetCookie()[0]?.split(";")[0],
  };
}

/** A call signed as the partner `client` for the visitor at `ip`, to the server at `baseUrl`. */
export async function signedCall(
  baseUrl: string,
  client: PartnerKeys,
  path: string,
  payload: Record<string, unknown>,
  options: { ip: string; lang?: "ru" | "en" | "uk" },
): Promise<{ status: number; body: Record<string, any> }> {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    ...client,
    ip: options.ip,
    lang: options.lang ?? "en",
  });
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", [TIMESTAMP_HEADER]: String(timestamp) },
    body: JSON.stringify(envelope),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The pair list the server at `baseUrl` serves the partner `client` in `lang`. */
export async function pairList(
  baseUrl: string,
  client: PartnerKeys,
  lang: "ru" | "en" | "uk" = "en",
): Promise<any[]> {
  const list = await signedCall(
    baseUrl,
    client,
    "/rest/currency_pair/list",
    {},
    {
      ip: "203.0.113.4",
      lang,
    },
  );
  if (list.status !== 200) throw new Error(`pair list: ${JSON.stringify(list.body)}`);
  return list.body.data;
}

/**
 * Asks until `check` holds (the state, not a time), for five seconds at most: the milliseconds
 * it took. What another replica serves after a change follows LISTEN/NOTIFY.
 */
export async function until(check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 5_000) {
    if (await check()) return performance.now() - started;
  }
  throw new Error("the other replica never served the change");
}
