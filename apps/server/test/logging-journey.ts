import { createHash } from "node:crypto";
import type { CurrencyPairEntry } from "@obmen/contracts";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { expect } from "vitest";
import { createForm, findPair } from "../../api/test/support/orders.ts";
import { startLoggingServer } from "./logging-server-process.ts";
import { runSiteJourney } from "./logging-site-journey.ts";
import { ensureWebBuild } from "./support/web-server.ts";

/** Everything the logs must never hold; each is distinctive, so a hit is no coincidence. */
const SECRETS = {
  apiSecret: "s3cr3t-api-".padEnd(48, "q"),
  adminPassword: "admin-pa55word-lantern-93",
  userPassword: "user-pa55word-violet-71",
  wrongPassword: "wrong-pa55word-amber-42",
  siteUserPassword: "site-pa55word-cobalt-58",
  siteNewPassword: "site-pa55word-saffron-64",
  // Luhn-valid, as an order's card field requires; logged neither as typed nor as stored.
  cardNumber: "4276 3800 1234 5679",
};
const API_PUBLIC_KEY = "pk_logging_test_0001";
const ADMIN_EMAIL = "admin@obmen.example";
const USER_EMAIL = "logged.customer@example.com";
const SITE_USER_EMAIL = "site.customer@example.com";

interface Journey {
  /** Values the journey made that must not be logged either: session tokens, link token, … */
  secrets: string[];
  /** The `X-Request-Id` each answer carried, by what the call was. */
  answeredIds: Map<string, string>;
}

/**
 * Issue 17 point 2: a real server process logging at `info` serves a customer's and an
 * operator's whole journey; then every line it printed is read. Each line is JSON (except
 * `npm start`'s one plain banner), each request has exactly one line with its id, and no line
 * holds a password, the card number, a session or link token, the API secret or the signed
 * envelope of a GET.
 */
export async function expectJourneyLogsWithoutSecrets(options: {
  env: Record<string, string>;
  /** With a trusted proxy, a sane `X-Request-Id` is kept; without one it never is. */
  trustProxy: boolean;
  /** `npm start` with the site, whose forms a visitor then posts too. */
  web: boolean;
}) {
  if (options.web) ensureWebBuild();
  const server = await startLoggingServer(
    {
      API_PUBLIC_KEY,
      API_SECRET: SECRETS.apiSecret,
      ADMIN_EMAIL,
      ADMIN_PASSWORD: SECRETS.adminPassword,
      ...options.env,
      ...(options.trustProxy ? { TRUST_PROXY: "true" } : {}),
    },
    options.web,
  );
  let journey: Journey;
  try {
    journey = await runJourney(server.url, options.trustProxy, options.web);
  } finally {
    await server.stop();
  }
  const stdout = server.stdout();
  const everything = stdout + server.stderr();

  const lines = stdout.split("\n").filter((line) => line !== "");
  const records = lines
    .filter((line) => !line.startsWith("Obmen is listening on "))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
  const requestLines = records.filter((record) => record.msg === "request");
  for (const [call, id] of journey.answeredIds) {
    const matching = requestLines.filter((record) => record.request_id === id);
    expect(matching.length, `${call} (${id})`).toBe(1);
    expect(matching[0]).toMatchObject({
      level: 30,
      method: expect.any(String),
      url: expect.any(String),
      status: expect.any(Number),
      duration_ms: expect.any(Number),
    });
  }
  expect(requestLines.length).toBeGreaterThanOrEqual(journey.answeredIds.size);
  const link = requestLines.find(
    (record) => record.request_id === journey.answeredIds.get("e-mailed link"),
  );
  expect(link?.url).toBe("/en/confirm/[redacted]");
  if (options.web) {
    // The site served the visitor's posts itself: their lines name its routes.
    const urlOf = (call: string) =>
      requestLines.find((record) => record.request_id === journey.answeredIds.get(call))?.url;
    expect(urlOf("site e-mailed link")).toBe("/en/confirm/[redacted]");
    expect(urlOf("site calculator")).toMatch(/^\/en\/exchange\/[a-z0-9]+\/[a-z0-9]+$/);
    expect(urlOf("site password change")).toBe("/en/account/profile");
  }

  const forbidden = [
    ...Object.values(SECRETS),
    SECRETS.cardNumber.replaceAll(" ", ""),
    ...journey.secrets,
  ];
  for (const secret of forbidden) {
    const hits = everything.split("\n").filter((line) => line.includes(secret));
    expect(hits, `logged: ${secret}`).toEqual([]);
  }
  return { records, requestLines };
}

async function runJourney(url: string, trustProxy: boolean, web: boolean): Promise<Journey> {
  const secrets: string[] = [];
  const answeredIds = new Map<string, string>();
  const remember = (call: string, response: Response) => {
    const id = response.headers.get("x-request-id");
    expect(id, call).toBeTruthy();
    answeredIds.set(call, id!);
  };

  const signed = async (
    call: string,
    path: string,
    payload: Record<string, unknown>,
    extra: { token?: string; method?: "GET" } = {},
  ) => {
    const { envelope, timestamp } = sealEnvelope({
      payload,
      publicKey: API_PUBLIC_KEY,
      secret: SECRETS.apiSecret,
      ip: "203.0.113.50",
      lang: "en",
      userAuthToken: extra.token,
    });
    const headers = { [TIMESTAMP_HEADER]: String(timestamp) };
    const response =
      extra.method === "GET"
        ? await fetch(`${url}${path}?${new URLSearchParams({ ...envelope })}`, { headers })
        : await fetch(`${url}${path}`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify(envelope),
          });
    if (extra.method === "GET") secrets.push(envelope.data, envelope.signed);
    remember(call, response);
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  // A proxy's request id: kept only behind a trusted proxy, and only when sane.
  const proxied = await fetch(`${url}/healthz`, { headers: { "x-request-id": "proxy-id-0001" } });
  expect(proxied.headers.get("x-request-id") === "proxy-id-0001").toBe(trustProxy);
  remember("healthz through a proxy", proxied);
  const forged = await fetch(`${url}/healthz`, {
    headers: { "x-request-id": 'x"} {"msg":"forged' },
  });
  expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  remember("healthz with a forged id", forged);

  // The customer: registers, confirms through the e-mailed link, logs in (once wrongly).
  const registered = await signed("register", "/rest/user/register", {
    email: USER_EMAIL,
    password: SECRETS.userPassword,
    agreement: true,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const confirmToken = await confirmTokenFromMailbox(url, USER_EMAIL);
  secrets.push(confirmToken);
  // The e-mailed link as a browser opens it: the site's path (an API-only process has no site
  // and answers 404, but logs the request all the same).
  remember(
    "e-mailed link",
    await fetch(`${url}/en/confirm/${confirmToken}`, { redirect: "manual" }),
  );
  const confirmed = await signed("confirm", "/rest/user/confirm", { confirm_token: confirmToken });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  secrets.push(confirmed.body.data.user_auth_token);
  const refused = await signed("wrong login", "/rest/user/login", {
    email: USER_EMAIL,
    password: SECRETS.wrongPassword,
  });
  expect(refused.status).toBe(401);
  const login = await signed("login", "/rest/user/login", {
    email: USER_EMAIL,
    password: SECRETS.userPassword,
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const token: string = login.body.data.user_auth_token;
  secrets.push(token);
  const info = await signed("user info by GET", "/rest/user/info", {}, { token, method: "GET" });
  expect(info.status, JSON.stringify(info.body)).toBe(200);

  // An order paying out to a card, its receipt, marked paid.
  const pairs = await signed("pairs", "/rest/currency_pair/list", {});
  const pair = findPair(pairs.body.data as CurrencyPairEntry[], "USDTTRC20", "SBERRUB");
  const form = createForm(pair, { send_amount: "100", email: USER_EMAIL });
  const cardField = pair.fields.find((field) => field.type === "card_number");
  expect(cardField, "the pair asks for a card").toBeDefined();
  form.fields = form.fields.map((field) =>
    field.key === cardField!.key ? { key: field.key, value: SECRETS.cardNumber } : field,
  );
  const created = await signed("create", "/rest/exchange/create", form, { token });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const uuid: string = created.body.data.exchange_uuid;
  await sendReceipt(url, uuid, remember);
  // The creator's key is a secret like a session token: no log line may hold it.
  const creatorKey: string = created.body.data.creator_key;
  secrets.push(creatorKey);
  const paid = await signed("paid", "/rest/exchange/update", {
    exchange_uuid: uuid,
    exchange_status: "paid",
    creator_key: creatorKey,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);

  // The operator: signs in, finds the order by its card number, takes it, opens the receipt.
  const consoleLogin = await fetch(`${url}/admin/api/login`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: SECRETS.adminPassword }),
  });
  remember("console login", consoleLogin);
  expect(consoleLogin.status).toBe(200);
  const cookie = consoleLogin.headers.getSetCookie()[0]!.split(";")[0]!;
  secrets.push(cookie.slice(cookie.indexOf("=") + 1));
  const search = await fetch(
    `${url}/admin/api/orders?${new URLSearchParams({ q: SECRETS.cardNumber })}`,
    { headers: { cookie } },
  );
  remember("console search by card", search);
  expect(search.status).toBe(200);
  const taken = await fetch(`${url}/admin/api/orders/${uuid}/status`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json" },
    body: JSON.stringify({ status: "processing" }),
  });
  remember("console status change", taken);
  expect(taken.status).toBe(200);
  const order = await fetch(`${url}/admin/api/orders/${uuid}`, { headers: { cookie } });
  remember("console order", order);
  const receiptUrl: string = ((await order.json()) as any).data.receipts[0].url;
  const receipt = await fetch(`${url}${receiptUrl}`, { headers: { cookie } });
  remember("console receipt", receipt);
  expect(receipt.status).toBe(200);

  if (web) {
    const siteSecrets = await runSiteJourney({
      url,
      email: SITE_USER_EMAIL,
      password: SECRETS.siteUserPassword,
      newPassword: SECRETS.siteNewPassword,
      cardNumber: SECRETS.cardNumber,
      pair,
      confirmToken: (to) => confirmTokenFromMailbox(url, to),
      remember: (call, response) => remember(call, response),
    });
    secrets.push(...siteSecrets);
  }
  return { secrets, answeredIds };
}

/** The dev mailbox (this machine only) holds the letter with the `/confirm/{token}` link. */
async function confirmTokenFromMailbox(url: string, to: string): Promise<string> {
  const list = await (await fetch(`${url}/dev/mailbox`)).text();
  const row = list.split("<tr>").find((cells) => cells.includes(to));
  const id = /\/dev\/mailbox\/(\d+)/.exec(row ?? "")?.[1];
  expect(id, list).toBeDefined();
  const letter = await (await fetch(`${url}/dev/mailbox/${id}/text`)).text();
  const token = /\/confirm\/([A-Za-z0-9_-]{16,})/.exec(letter)?.[1];
  expect(token, letter).toBeDefined();
  return token!;
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

async function sendReceipt(
  url: string,
  uuid: string,
  remember: (call: string, response: Response) => void,
) {
  const { envelope, timestamp } = sealEnvelope({
    payload: { exchange_uuid: uuid, file_sha256: createHash("sha256").update(PNG).digest("hex") },
    publicKey: API_PUBLIC_KEY,
    secret: SECRETS.apiSecret,
    ip: "203.0.113.50",
    lang: "en",
  });
  const body = new FormData();
  body.set("data", envelope.data);
  body.set("signed", envelope.signed);
  body.set("file", new Blob([PNG], { type: "image/png" }), "receipt.png");
  const response = await fetch(`${url}/rest/send-receipt`, {
    method: "POST",
    headers: { [TIMESTAMP_HEADER]: String(timestamp) },
    body,
  });
  remember("receipt", response);
  expect(response.status, await response.clone().text()).toBe(200);
}
