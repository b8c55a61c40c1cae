import { randomUUID } from "node:crypto";
import type { Locale } from "@obmen/contracts";
import { currencies, currencyPairs, orders } from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { newOrderRow } from "../../support/orders.ts";
import { startTestApi, type TestApi } from "../../support/test-api.ts";
import { call, linkTokenSentTo, PASSWORD } from "./account-kit.ts";

/** The API on a fresh database with the demo catalogue: wallets and templates need currencies. */
export function startAccountDataApi(): Promise<TestApi> {
  return startTestApi();
}

export interface TestUser {
  id: string;
  email: string;
  /** The session the confirmation signed in with. */
  token: string;
  /** The end user's address every call of this user carries (the limits count per IP). */
  ip: string;
}

let nextIp = 1;
/** A documentation address of its own per user, so per-IP limits never join two users. */
function freshIp(): string {
  const n = nextIp++;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** Registers and confirms `email` through the API; the confirmation signs the user in. */
export async function signUpUser(
  api: TestApi,
  email: string,
  lang: Locale = "en",
): Promise<TestUser> {
  const ip = freshIp();
  const registered = await call(
    api,
    "/rest/user/register",
    { email, password: PASSWORD, agreement: true },
    { ip, lang },
  );
  expect(registered.status, registered.text).toBe(200);
  const confirmToken = await linkTokenSentTo(api, email, "confirm");
  const confirmed = await call(api, "/rest/user/confirm", { confirm_token: confirmToken }, { ip });
  expect(confirmed.status, confirmed.text).toBe(200);
  const { user_auth_token: token, user } = confirmed.body.data;
  return { id: user.id, email, token, ip };
}

/** A second session of the user, as from another browser. */
export async function logInAgain(
  api: TestApi,
  user: TestUser,
  userAgent = "Mozilla/5.0 (Android 15; Mobile) Firefox/140.0",
): Promise<string> {
  const result = await call(
    api,
    "/rest/user/login",
    { email: user.email, password: PASSWORD, user_agent: userAgent },
    { ip: user.ip },
  );
  expect(result.status, result.text).toBe(200);
  return result.body.data.user_auth_token as string;
}

/** A signed call as the user (their session, their IP). */
export function callAs(
  api: TestApi,
  user: TestUser,
  path: string,
  payload: Record<string, unknown> = {},
  options: { lang?: Locale; token?: string } = {},
) {
  return call(api, path, payload, {
    ip: user.ip,
    token: options.token ?? user.token,
    lang: options.lang,
  });
}

export async function currencyId(api: TestApi, urlXml: string): Promise<number> {
  const [row] = await api.db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.urlXml, urlXml));
  if (!row) throw new Error(`no currency ${urlXml} in the demo catalogue`);
  return row.id;
}

/**
 * Orders written straight to the table (what create_order would leave, without the reserve
 * hold): a history test needs many, at chosen times and statuses, not the create path again.
 */
export async function insertOrders(
  api: TestApi,
  list: {
    email: string;
    createdAt?: Date;
    status?: (typeof orders.$inferSelect)["status"];
    expiresAt?: Date;
  }[],
  direction = { from: "USDTTRC20", to: "SBERRUB" },
) {
  const [pair] = await api.db
    .select({ pair: currencyPairs })
    .from(currencyPairs)
    .innerJoin(currencies, eq(currencies.id, currencyPairs.sendCurrencyId))
    .where(
      and(
        eq(currencies.urlXml, direction.from),
        eq(currencyPairs.receiveCurrencyId, await currencyId(api, direction.to)),
      ),
    );
  if (!pair) throw new Error(`no pair ${direction.from}→${direction.to}`);
  const rows = list.map((order) => {
    const row = newOrderRow(pair.pair, { sendAmount: "100", receiveAmount: "7700" });
    const createdAt = order.createdAt ?? row.createdAt;
    return {
      ...row,
      id: randomUUID(),
      email: order.email,
      status: order.status ?? "new",
      createdAt,
      expiresAt: order.expiresAt ?? new Date(createdAt.getTime() + 30 * 60_000),
    };
  });
  if (rows.length > 0) await api.db.insert(orders).values(rows);
  return rows;
}
