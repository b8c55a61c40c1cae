import { randomUUID } from "node:crypto";
import {
  affiliateLedgerLines,
  affiliatePartners,
  currencies,
  type Database,
  normaliseDecimal,
  users,
} from "@obmen/db";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { readAffiliateSettings } from "../../../src/affiliate/affiliate-settings.ts";
import { postEntry, transfer } from "../../../src/affiliate/ledger/post-entry.ts";
import { createWithdrawal } from "../../../src/affiliate/withdrawals/create-withdrawal.ts";
import { createNewWithdrawalQueue } from "../../../src/affiliate/withdrawals/new-withdrawal-queue.ts";
import { createWithdrawalCurrencyCache } from "../../../src/affiliate/withdrawals/withdrawal-currency-cache.ts";
import { createLocalCatalogueChanges } from "../../../src/catalogue/catalogue-changes.ts";
import { createForm, findPair, listPairs } from "../../support/orders.ts";
import { callApi } from "../../support/test-api.ts";

export const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
export const SETTINGS = readAffiliateSettings({});

/** A partner made straight in the database (no sign-up), credited `balance` by a reward-like entry. */
export async function seedPartner(
  db: Database,
  options: { email?: string; balance?: string; lang?: "ru" | "en" | "uk" } = {},
): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `partner-${randomUUID()}@example.com`,
      passwordHash: "$argon2id$not-a-real-hash",
      emailConfirmedAt: new Date(),
      lang: options.lang ?? "en",
    })
    .returning({ id: users.id });
  await db.insert(affiliatePartners).values({ userId: user!.id });
  if (options.balance) await credit(db, user!.id, options.balance);
  return user!.id;
}

/** Credits a partner's available balance from the house (as a reward would). */
export async function credit(db: Database, partnerId: string, amount: string) {
  await db.transaction((tx) =>
    postEntry({
      tx,
      kind: "reward",
      partnerId,
      currency: SETTINGS.currency,
      lines: transfer("house", "available", amount),
    }),
  );
}

export async function usdtTrc20(db: Database): Promise<number> {
  const [row] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(eq(currencies.urlXml, "USDTTRC20"));
  return row!.id;
}

/** A requested withdrawal of `amount` to USDT TRC20 through the use case. */
export async function seedWithdrawal(db: Database, partnerId: string, amount = "20") {
  return createWithdrawal({
    currencies: createWithdrawalCurrencyCache({
      db,
      settings: SETTINGS,
      changes: createLocalCatalogueChanges(),
    }),
    newWithdrawals: createNewWithdrawalQueue({ db }),
    settings: SETTINGS,
    userId: partnerId,
    lang: "en",
    currencyId: await usdtTrc20(db),
    amount,
    fields: [{ key: "receive_wallet_address", value: TRON_ADDRESS }],
  });
}

/** The sum of every ledger line: zero whenever the books balance. */
export async function ledgerSum(db: Database): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${affiliateLedgerLines.amount}), 0)::text` })
    .from(affiliateLedgerLines);
  return normaliseDecimal(row!.total);
}

/** A customer's paid order through the public API (USDT TRC20 → Sberbank RUB), with a rid if given. */
export async function placePaidOrder(
  app: FastifyInstance,
  options: { email: string; rid?: string; sendAmount?: string },
): Promise<string> {
  const pair = findPair(await listPairs(app), "USDTTRC20", "SBERRUB");
  const created = await callApi(
    app,
    "/rest/exchange/create",
    createForm(pair, {
      send_amount: options.sendAmount ?? "100",
      email: options.email,
      ...(options.rid ? { rid: options.rid } : {}),
    }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const uuid: string = created.body.data.exchange_uuid;
  const paid = await callApi(app, "/rest/exchange/update", {
    exchange_uuid: uuid,
    exchange_status: "paid",
    creator_key: created.body.data.creator_key,
  });
  expect(paid.status).toBe(200);
  return uuid;
}
