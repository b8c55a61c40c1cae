import { AppError } from "@obmen/contracts";
import {
  createTestDatabase,
  currencies,
  type DatabaseHandle,
  openDatabase,
  type TestDatabase,
  users,
  userWallets,
} from "@obmen/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmLoginChange } from "../../src/account/login-change/confirm-login-change.ts";
import { createSession } from "../../src/account/sessions/create-session.ts";
import { resolveSession } from "../../src/account/sessions/resolve-session.ts";
import { issueUserToken } from "../../src/account/tokens/user-tokens.ts";
import { MAX_WALLETS_PER_USER } from "../../src/account/user-records.ts";
import { createWallet } from "../../src/account/wallets/create-wallet.ts";

const ROUNDS = 5;

/**
 * The account data's guards across replicas: two server processes (two connection pools on one
 * PostgreSQL) creating wallets for one user at once never pass the cap, and a login-change link
 * used twice at once changes the login once.
 */
describe("account data from two connection pools at once", () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let userId: string;
  let cardCurrency: number;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    second = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: "" });
    const [user] = await database.db
      .insert(users)
      .values({ email: "race@example.com", passwordHash: "unused", emailConfirmedAt: new Date() })
      .returning({ id: users.id });
    userId = user!.id;
    const [card] = await database.db
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.urlXml, "SBERRUB"));
    cardCurrency = card!.id;
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  const CARDS = ["4111111111111111", "5555555555554444", "4012888888881881", "5105105105105100"];

  it(`never lets concurrent creates pass ${MAX_WALLETS_PER_USER} wallets`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await database.db.delete(userWallets).where(eq(userWallets.userId, userId));
      await database.db.insert(userWallets).values(
        Array.from({ length: MAX_WALLETS_PER_USER - 2 }, (_, i) => ({
          userId,
          currencyId: cardCurrency,
          fieldKey: "receive_card_number",
          value: `filler-${i}`,
        })),
      );
      const outcomes = await Promise.allSettled(
        CARDS.map((value, i) =>
          createWallet({
            db: (i % 2 === 0 ? database : second).db,
            lang: "en",
            userId,
            currencyId: cardCurrency,
            value,
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
      for (const outcome of outcomes.filter((each) => each.status === "rejected")) {
        const reason = (outcome as PromiseRejectedResult).reason;
        expect(reason).toBeInstanceOf(AppError);
        expect((reason as AppError).code).toBe("CONFLICT");
      }
      const held = await database.db
        .select({ id: userWallets.id })
        .from(userWallets)
        .where(eq(userWallets.userId, userId));
      expect(held).toHaveLength(MAX_WALLETS_PER_USER);
    }
  });

  it("changes the login once when its link is used twice at once", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const newEmail = `race-${round}@example.com`;
      const token = await issueUserToken({
        tx: database.db,
        userId,
        kind: "login_change",
        newEmail,
      });
      const callers = await Promise.all(
        [database, second].map(async (handle) => {
          const session = await createSession({ tx: handle.db, userId, ip: "203.0.113.1" });
          return (await resolveSession({
            db: handle.db,
            token: session.token,
            ip: "203.0.113.1",
          }))!;
        }),
      );
      const outcomes = await Promise.allSettled(
        [database, second].map((handle, i) =>
          confirmLoginChange({ db: handle.db, caller: callers[i]!, token }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const lost = outcomes.find(
        (outcome) => outcome.status === "rejected",
      ) as PromiseRejectedResult;
      expect((lost.reason as AppError).code).toBe("NOT_FOUND");
      const [user] = await database.db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, userId)));
      expect(user!.email).toBe(newEmail);
    }
  });
});
