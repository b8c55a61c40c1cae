import type { Locale } from "@obmen/contracts";
import { sealEnvelope, TIMESTAMP_HEADER } from "@obmen/contracts/envelope";
import { mailOutbox, userSessions, userTokens } from "@obmen/db";
import { and, desc, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { withLetter } from "../../mail/support/mail-test-kit.ts";
import { startTestApi, TEST_CLIENT, type TestApi } from "../../support/test-api.ts";

/** What the test API builds letters' links on (support/test-api.ts). */
export const SITE = "http://localhost";
export const PASSWORD = "violet-harbour-71";
export const OTHER_PASSWORD = "amber-lantern-42";

/** The API on a fresh database without the catalogue: accounts need none. */
export function startAccountApi(): Promise<TestApi> {
  return startTestApi({ seed: false });
}

export interface CallResult {
  status: number;
  /** The body exactly as sent, for byte-for-byte comparisons. */
  text: string;
  body: Record<string, any>;
}

/** A signed POST as the test partner, optionally for a signed-in user. */
export async function call(
  api: TestApi,
  path: string,
  payload: Record<string, unknown> = {},
  options: { token?: string; lang?: Locale; method?: "GET" | "POST"; ip?: string } = {},
): Promise<CallResult> {
  const { envelope, timestamp } = sealEnvelope({
    payload,
    publicKey: TEST_CLIENT.publicKey,
    secret: TEST_CLIENT.secret,
    ip: options.ip ?? "203.0.113.7",
    lang: options.lang ?? "en",
    userAuthToken: options.token,
  });
  const headers = { [TIMESTAMP_HEADER]: String(timestamp) };
  const response =
    options.method === "GET"
      ? await api.app.inject({
          method: "GET",
          url: `${path}?${new URLSearchParams({ ...envelope })}`,
          headers,
        })
      : await api.app.inject({ method: "POST", url: path, headers, payload: envelope });
  return { status: response.statusCode, text: response.body, body: response.json() };
}

/** The letters written to an address, oldest first, rendered as they would be delivered. */
export async function lettersTo(api: TestApi, to: string) {
  const rows = await api.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(mailOutbox.id);
  return rows.map(withLetter);
}

/** The token of the newest letter's link of that kind (`/confirm/…`, `/restore/…`). */
export async function linkTokenSentTo(api: TestApi, to: string, path: "confirm" | "restore") {
  const letters = await lettersTo(api, to);
  const letter = letters.at(-1);
  if (!letter) throw new Error(`no letter to ${to}`);
  return tokenInLink(letter.text, path);
}

export function tokenInLink(text: string, path: "confirm" | "restore"): string {
  const match = new RegExp(`/${path}/([a-z2-7]{32})\\b`).exec(text);
  if (!match) throw new Error(`no /${path}/ link in:\n${text}`);
  return match[1]!;
}

export async function register(api: TestApi, email: string, password = PASSWORD, lang?: Locale) {
  const result = await call(
    api,
    "/rest/user/register",
    { email, password, agreement: true },
    { lang },
  );
  expect(result.status, result.text).toBe(200);
}

/** Registers and confirms an address; returns the session token the confirmation signed in with. */
export async function signUp(api: TestApi, email: string, password = PASSWORD): Promise<string> {
  await register(api, email, password);
  const confirmToken = await linkTokenSentTo(api, email, "confirm");
  const confirmed = await call(api, "/rest/user/confirm", { confirm_token: confirmToken });
  expect(confirmed.status, confirmed.text).toBe(200);
  return confirmed.body.data.user_auth_token as string;
}

export async function logIn(api: TestApi, email: string, password = PASSWORD) {
  return call(api, "/rest/user/login", { email, password });
}

/** Moves a token's expiry into the past: the hour or day has "passed". */
export async function expireLinkTokens(api: TestApi) {
  await api.db.update(userTokens).set({ expiresAt: sql`now() - interval '1 second'` });
}

export async function newestSession(api: TestApi, userId: string) {
  const [session] = await api.db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId)))
    .orderBy(desc(userSessions.createdAt))
    .limit(1);
  return session;
}
